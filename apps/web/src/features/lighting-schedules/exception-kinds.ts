import type { ExceptionKind } from '@rms/contracts/lighting';

// How the console names and colours an exception's kind.

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  festival: 'Festival',
  event: 'Event',
  outage: 'Outage',
  other: 'Other',
};

export const EXCEPTION_KIND_COLOURS: Record<ExceptionKind, string> = {
  festival: 'gold',
  event: 'blue',
  outage: 'red',
  other: 'default',
};
