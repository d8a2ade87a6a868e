// The dropdown groups other screens read (device activation, RMS assignment, inspections, reports)
// and their first values. Flags: values a device or report knows by their code (inspection actions,
// load status) and the base device types can neither be renamed nor removed; operators and panel
// types are ordinary (Default) values. Headings (groups with children) hold no values.

export interface SeedValue {
  value: string;
  code?: number;
  editable?: boolean;
  deletable?: boolean;
}

export interface SeedGroup {
  title: string;
  path: string;
  canDisabled?: boolean;
  values?: SeedValue[];
  children?: SeedGroup[];
}

const fixed = { editable: false, deletable: false };

export const DROPDOWN_GROUPS: readonly SeedGroup[] = [
  {
    title: 'Devices',
    path: 'devices',
    children: [
      {
        title: 'Device Type',
        path: 'device_type',
        canDisabled: true,
        values: [
          { value: 'RMS 12V', ...fixed },
          { value: 'RMS 24V', editable: false },
          { value: 'RMS 12V GSM' },
          { value: 'RMS 24V GSM' },
          { value: 'RMS 12V NB-IoT' },
        ],
      },
      {
        title: 'Telecom Operator',
        path: 'telecom_operator',
        canDisabled: true,
        values: [{ value: 'Airtel' }, { value: 'Jio' }, { value: 'Vi' }, { value: 'BSNL' }],
      },
      {
        title: 'Battery Type',
        path: 'battery_type',
        canDisabled: true,
        values: [
          { value: 'LiFePO4', deletable: false },
          { value: 'Lithium-ion NMC' },
          { value: 'Lead Acid (VRLA)' },
          { value: 'Gel' },
        ],
      },
      {
        title: 'Solar Panel Type',
        path: 'solar_panel_type',
        canDisabled: true,
        values: [{ value: 'Monocrystalline' }, { value: 'Polycrystalline' }, { value: 'Thin Film' }],
      },
    ],
  },
  {
    title: 'Operations',
    path: 'operations',
    children: [
      {
        title: 'Inspection Action',
        path: 'inspection_action',
        values: [
          { value: 'Force On', code: 1, ...fixed },
          { value: 'Force Off', code: 2, ...fixed },
        ],
      },
      {
        title: 'Load Status',
        path: 'load_status',
        values: [
          { value: 'On', code: 1, ...fixed },
          { value: 'Off', code: 0, ...fixed },
        ],
      },
    ],
  },
];

/** GST rates (percent) every installation starts with. */
export const GST_RATES: readonly number[] = [0, 5, 12, 18, 28];
