/** The `p`th percentile (0–100) of values sorted ascending, by the nearest rank below; NaN when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;
