import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as activations from './activations';
import * as employees from './employees';
import * as inventory from './inventory';
import * as masterData from './master-data';
import * as monitoring from './monitoring';
import * as msisdn from './msisdn';
import * as organizations from './organizations';
import * as session from './session';
import * as uploads from './uploads';

// A field absent from an update means unchanged: no update schema may put a key into its output that the
// client did not send (a `.default()` or a transform of `undefined` would overwrite the stored value).
// Each update body is parsed from the smallest input it accepts; its output may only hold the keys sent,
// plus the `kind` that save-or-delete bodies add.

const activationForm = {
  name: 'Project',
  device: 1,
  stlt: 2,
  address1: 'Street 1',
  address2: 'Ward 2',
  state: 1,
  city: 1,
  pin: '110001',
  latitude: 28.6,
  longitude: 77.2,
};

/** Every update body, with the smallest input it accepts. */
const UPDATES: Record<string, [z.ZodType, Record<string, unknown>]> = {
  organizationUpdateBody: [organizations.organizationUpdateBody, { id: 1, company_name: 'Acme' }],
  employeeUpdateBody: [employees.employeeUpdateBody, { id: 1, mobile: '9876543210' }],
  profileUpdateBody: [
    session.profileUpdateBody,
    { first_name: 'Asha', email: 'asha@example.com', mobile: '9876543210' },
  ],
  rmsUpdateBody: [inventory.rmsUpdateBody, { id: 1, model: 'M2' }],
  stltUpdateBody: [inventory.stltUpdateBody, { id: 1, remarks: 'moved' }],
  poleUpdateBody: [inventory.poleUpdateBody, { id: 1, model: 'P2' }],
  stateUpdateBody: [masterData.stateUpdateBody, { id: 1, name: 'Goa' }],
  cityUpdateBody: [masterData.cityUpdateBody, { id: 1, name: 'Panaji' }],
  dropdownValueUpdateBody: [masterData.dropdownValueUpdateBody, { id: 1, value: 'LiFePO4' }],
  gstSaveBody: [masterData.gstSaveBody, { id: 1, invoice_name: 'GST @5%', name: 'GST 5%', value: 5 }],
  hsnSaveBody: [masterData.hsnSaveBody, { id: 1, hsn_no: '8541', same_state: [1], other_state: [1] }],
  msisdnUpdateBody: [
    msisdn.msisdnUpdateBody,
    { id: 1, sim_number: '8991000012345678901', imsi: '404450000000001', msisdn: '919876543210' },
  ],
  activationUpdateBody: [activations.activationUpdateBody, { id: 1, ...activationForm }],
  loadStatusUpdateBody: [monitoring.loadStatusUpdateBody, { id: 1, device: 1, lo_sts: 1 }],
  photoUpdateBody: [uploads.photoUpdateBody, { id: 1, photo: null }],
};

const ADDED = new Set(['kind']);

describe('update bodies', () => {
  it.each(Object.entries(UPDATES))('%s adds no key the client did not send', (_name, [schema, input]) => {
    const parsed = schema.safeParse(input);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const output = parsed.data as Record<string, unknown>;
    const added = Object.keys(output).filter(
      (key) => !(key in input) && !ADDED.has(key) && output[key] !== undefined,
    );
    expect(added).toEqual([]);
  });

  it('lists every update body the contracts export', () => {
    const modules = {
      activations,
      employees,
      inventory,
      masterData,
      monitoring,
      msisdn,
      organizations,
      session,
      uploads,
    };
    const exported = Object.values(modules).flatMap((m) =>
      Object.keys(m).filter((name) => /(Update|Save)Body$/.test(name)),
    );
    expect(exported.filter((name) => !(name in UPDATES))).toEqual([]);
  });
});
