// Query keys of the master-data lists. The master-data screens and the shared state/city picker read
// the same lists, so a save on one screen refreshes the pickers of every other form.
export const MASTER_DATA_KEYS = {
  states: ['master-data', 'states'],
  cities: ['master-data', 'cities'],
  gst: ['master-data', 'gst'],
  hsn: ['master-data', 'hsn'],
  dropdownTree: ['master-data', 'dropdown-tree'],
  dropdownValues: ['master-data', 'dropdown-values'],
} as const;
