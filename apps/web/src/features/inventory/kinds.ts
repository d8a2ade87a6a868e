import { INVENTORY, type InventoryKind, type InventoryRow } from '@rms/contracts/inventory';

// What the console shows differently for each inventory kind (spec 02 §3); everything else is shared.

export interface KindView {
  kind: InventoryKind;
  /** List title, e.g. "View RMS/Device ID". */
  listTitle: string;
  /** Create screen title; the edit title replaces "Create" with "Edit". */
  formTitle: string;
  /** Label of the ID field and column. */
  idLabel: string;
  /** Label of the model field and column. */
  modelLabel: string;
  searchLabel: string;
  emptyText: string;
}

export const KIND_VIEWS: Record<InventoryKind, KindView> = {
  rms: {
    kind: 'rms',
    listTitle: 'View RMS/Device ID',
    formTitle: 'Create RMS/Device ID',
    idLabel: 'RMS ID',
    modelLabel: 'Model',
    searchLabel: 'Search RMS IDs',
    emptyText: 'No RMS IDs yet',
  },
  stlt: {
    kind: 'stlt',
    listTitle: 'View STLT ID',
    formTitle: 'Create STLT ID',
    idLabel: 'STLT ID',
    modelLabel: 'Model No.',
    searchLabel: 'Search STLT IDs',
    emptyText: 'No STLT IDs yet',
  },
  pole: {
    kind: 'pole',
    listTitle: 'View Pole ID',
    formTitle: 'Create Pole ID',
    idLabel: 'Pole ID',
    modelLabel: 'Model',
    searchLabel: 'Search Pole IDs',
    emptyText: 'No Pole IDs yet',
  },
};

/** A row's ID and model, read through the kind's field names. */
export function codeOf(kind: InventoryKind, row: InventoryRow): string {
  return String((row as unknown as Record<string, unknown>)[INVENTORY[kind].idField] ?? '');
}
export function modelOf(kind: InventoryKind, row: InventoryRow): string {
  return String((row as unknown as Record<string, unknown>)[INVENTORY[kind].modelField] ?? '');
}

export { expiryDisabled } from '../../lib/expiry-date';
