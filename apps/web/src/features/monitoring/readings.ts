import { EMPTY } from '../../lib/format';

/** A reading with 2 decimals (or `digits`), '--' when the sample has none. */
export function reading(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY : value.toFixed(digits);
}
