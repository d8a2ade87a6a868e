import type { SortOrder } from 'antd/es/table/interface';
import { ENERGY_DEVICE_ORDERINGS } from '@rms/contracts/energy-reports';

// The per-device table's sorting, as the contract's `ordering` allows it: a column sorts only in the
// directions the server offers (the RMS ID ascending, energy saved descending, ...).

export type EnergyDeviceOrdering = (typeof ENERGY_DEVICE_ORDERINGS)[number];
export const DEFAULT_ORDERING: EnergyDeviceOrdering = 'device';

const columnOf = (ordering: EnergyDeviceOrdering) => ordering.replace(/^-/, '');
const orderOf = (ordering: EnergyDeviceOrdering): SortOrder =>
  ordering.startsWith('-') ? 'descend' : 'ascend';

export const isEnergyOrdering = (value: string | null): value is EnergyDeviceOrdering =>
  (ENERGY_DEVICE_ORDERINGS as readonly (string | null)[]).includes(value);

/** The directions a column sorts in, or none when the server does not sort by it. */
export function sortDirections(column: string): SortOrder[] {
  return ENERGY_DEVICE_ORDERINGS.filter((o) => columnOf(o) === column).map(orderOf);
}

/** The ordering a click on a column asks for; no direction (sorting cleared) goes back to the default. */
export function orderingOf(column: string, order: SortOrder | undefined): EnergyDeviceOrdering {
  if (!order) return DEFAULT_ORDERING;
  return (
    ENERGY_DEVICE_ORDERINGS.find((o) => columnOf(o) === column && orderOf(o) === order) ?? DEFAULT_ORDERING
  );
}

/** How a column shows as sorted under the ordering in force. */
export function sortOrderOf(column: string, ordering: EnergyDeviceOrdering): SortOrder {
  return columnOf(ordering) === column ? orderOf(ordering) : null;
}
