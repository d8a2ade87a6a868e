import type { DeliveryStatus } from '@rms/contracts/lighting';

// How the console names and colours a device's plan delivery (docs/lighting-schedules.md).

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  pending: 'Pending',
  applied: 'Applied',
  retrying: 'Retrying',
  failed: 'Failed',
};

export const DELIVERY_STATUS_COLOURS: Record<DeliveryStatus, string> = {
  pending: 'processing',
  applied: 'success',
  retrying: 'warning',
  failed: 'error',
};
