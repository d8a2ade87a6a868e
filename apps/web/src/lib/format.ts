import { wallClock } from './clock';

// Display formats of the spec (01 §9, 02 §9): dates stored YYYY-MM-DD, shown DD/MM/YYYY; '--' for empty.
// Times are shown in the deployment's time zone (lib/clock).

export const EMPTY = '--';

/** The value, or '--' when it is null, undefined or blank. */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value);
  return text.trim() === '' ? EMPTY : text;
}

export function formatDate(value: string | null | undefined): string {
  return value ? wallClock(value).format('DD/MM/YYYY') : EMPTY;
}

export function formatDateTime(value: string | null | undefined): string {
  return value ? wallClock(value).format('DD/MM/YYYY HH:mm:ss') : EMPTY;
}

/** Spec: Expired when the expiry date is before or equal to now, otherwise Active. */
export function validity(expiryDate: string | null | undefined, now = wallClock()): 'Active' | 'Expired' {
  return expiryDate && !wallClock(expiryDate).isAfter(now) ? 'Expired' : 'Active';
}

/** Serial number of a row: (page-1)*pageSize + index + 1. */
export function serialNumber(page: number, pageSize: number, index: number): number {
  return (page - 1) * pageSize + index + 1;
}

/** Date with 12-hour time, DD/MM/YYYY hh:mm a (spec 02 §9), e.g. 05/03/2026 02:30 pm. */
export function formatDateTimeAmPm(value: string | null | undefined): string {
  return value ? wallClock(value).format('DD/MM/YYYY hh:mm a') : EMPTY;
}

/** A device's last report, "DD-MM-YYYY hh:mm A" (spec 02 §9), or '--'. */
export function formatLastData(value: string | null | undefined): string {
  return value ? wallClock(value).format('DD-MM-YYYY hh:mm A') : EMPTY;
}
