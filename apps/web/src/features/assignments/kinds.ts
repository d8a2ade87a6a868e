import { ASSIGNMENT, type AssignmentKind } from '@rms/contracts/assignments';

// What the assign screen shows differently for RMS, STLT and pole (spec 02 §2); the rest is shared.

export interface AssignView {
  kind: AssignmentKind;
  title: string;
  /** Label of the item select and of the history's item column. */
  itemLabel: string;
  itemPlaceholder: string;
  /** The server's field name for the item (device, stlt or pole). */
  itemField: string;
  /** RMS asks for a device type. */
  withDeviceType: boolean;
}

export const ASSIGN_VIEWS: Record<AssignmentKind, AssignView> = {
  rms: {
    kind: 'rms',
    title: 'Assign RMS',
    itemLabel: 'RMS ID',
    itemPlaceholder: 'Select RMS ID',
    itemField: ASSIGNMENT.rms.itemField,
    withDeviceType: true,
  },
  stlt: {
    kind: 'stlt',
    title: 'Assign STLT',
    itemLabel: 'STLT ID',
    itemPlaceholder: 'Select STLT ID',
    itemField: ASSIGNMENT.stlt.itemField,
    withDeviceType: false,
  },
  pole: {
    kind: 'pole',
    title: 'Assign Pole',
    itemLabel: 'Pole ID',
    itemPlaceholder: 'Select Pole ID',
    itemField: ASSIGNMENT.pole.itemField,
    withDeviceType: false,
  },
};
