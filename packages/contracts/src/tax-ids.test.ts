import { describe, expect, it } from 'vitest';
import { organizationCreateBody, organizationUpdateBody } from './organizations';
import { GSTIN_MESSAGES, gstinCheckCharacter, gstinFor, optionalGstin, pan, PAN_MESSAGES } from './tax-ids';

// Published GSTINs of real registrations (their check characters come from the GSTN, not from our code).
const REAL_GSTINS = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'];

/** A GSTIN made of these 14 characters and the right check character. */
const withCheck = (first14: string) => first14 + gstinCheckCharacter(first14);
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('PAN', () => {
  it('takes 5 letters, 4 digits and a letter whose 4th is a holder type, trimmed and uppercased', () => {
    expect(pan.parse(' aapfu0939f ')).toBe('AAPFU0939F');
    for (const type of ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'])
      expect(pan.safeParse(`AAA${type}U0939F`).success, type).toBe(true);
  });

  it("answers the spec's messages for a missing or misshapen PAN", () => {
    expect(messagesOf(pan.safeParse(''))).toEqual([PAN_MESSAGES.required]);
    expect(messagesOf(pan.safeParse(undefined))).toEqual([PAN_MESSAGES.required]);
    for (const bad of ['AAPF0939F', 'AAPFU0939', 'AAPFU093GF', '1APFU0939F', 'AAPFU0939F1'])
      expect(messagesOf(pan.safeParse(bad)), bad).toEqual([PAN_MESSAGES.invalid]);
  });

  it('refuses a 4th character that is no holder type', () => {
    for (const bad of ['ABCDE1234F', 'AAAZU0939F', 'AAAEU0939F'])
      expect(messagesOf(pan.safeParse(bad)), bad).toEqual([PAN_MESSAGES.holderType]);
  });
});

describe('GSTIN', () => {
  it('accepts real GSTINs and any GSTIN whose check character is right, lower case uppercased', () => {
    for (const gst of REAL_GSTINS) expect(optionalGstin.parse(gst), gst).toBe(gst);
    expect(optionalGstin.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(optionalGstin.parse(withCheck('97AAACR5055K2Z'))).toMatch(/^97AAACR5055K2Z/);
    expect(optionalGstin.parse(withCheck('38AAACR5055KAZ'))).toMatch(/^38/);
  });

  it('keeps optional: blank clears, absent stays absent', () => {
    expect(optionalGstin.parse('')).toBeNull();
    expect(optionalGstin.parse('   ')).toBeNull();
    expect(optionalGstin.parse(null)).toBeNull();
    expect(optionalGstin.parse(undefined)).toBeUndefined();
  });

  it('refuses a wrong check character', () => {
    expect(messagesOf(optionalGstin.safeParse('27AAPFU0939F1ZW'))).toEqual([GSTIN_MESSAGES.checksum]);
    // One mistyped character anywhere changes the check character.
    expect(messagesOf(optionalGstin.safeParse('27AAPFU0939F2ZV'))).toEqual([GSTIN_MESSAGES.checksum]);
    expect(messagesOf(optionalGstin.safeParse('29AAGCB7383J1Z5'))).toEqual([GSTIN_MESSAGES.checksum]);
  });

  it('refuses a state code outside 01–38, 97 and 99, even with a right check character', () => {
    for (const state of ['00', '39', '40', '96', '98', 'AB'])
      expect(messagesOf(optionalGstin.safeParse(withCheck(`${state}AAPFU0939F1Z`))), state).toEqual([
        GSTIN_MESSAGES.stateCode,
      ]);
  });

  it('refuses a GSTIN whose PAN part, registration number or 14th character is wrong', () => {
    expect(messagesOf(optionalGstin.safeParse(withCheck('27ABCDE1234F1Z')))).toEqual([GSTIN_MESSAGES.pan]);
    expect(messagesOf(optionalGstin.safeParse(withCheck('27AAPFU0939F0Z')))).toEqual([GSTIN_MESSAGES.entity]);
    expect(messagesOf(optionalGstin.safeParse(withCheck('27AAPFU0939F1A')))).toEqual([
      GSTIN_MESSAGES.defaultZ,
    ]);
    for (const bad of ['27AAPFU0939F1Z', '27AAPFU0939F1ZVV', '27AAPFU0939F1Z-'])
      expect(messagesOf(optionalGstin.safeParse(bad)), bad).toEqual([GSTIN_MESSAGES.length]);
  });

  it("must hold the organization's PAN when both are given", () => {
    expect(gstinFor('AAPFU0939F').safeParse('27AAPFU0939F1ZV').success).toBe(true);
    expect(messagesOf(gstinFor('AAGCB7383J').safeParse('27AAPFU0939F1ZV'))).toEqual([
      GSTIN_MESSAGES.panMismatch,
    ]);
    // An invalid value is its own field's problem, not a mismatch.
    expect(messagesOf(gstinFor('AAGCB7383J').safeParse('27AAPFU0939F1ZW'))).toEqual([
      GSTIN_MESSAGES.checksum,
    ]);
    expect(gstinFor(undefined).safeParse('27AAPFU0939F1ZV').success).toBe(true);
  });
});

describe('organization bodies', () => {
  const create = {
    company_name: 'Acme',
    state: 1,
    city: 1,
    address: '1 Road',
    activation_date: '2026-01-01',
    expiry_date: '2027-01-01',
    pan: 'AAPFU0939F',
    sub_domain: 'acme',
    email: 'owner@acme.example',
    mobile: '9876543210',
    create_password: 'Owner-pass-123',
  };

  it('names gst when the GSTIN does not hold the PAN, on create and on update', () => {
    const made = organizationCreateBody.safeParse({ ...create, gst: '29AAGCB7383J1Z4' });
    expect(made.success).toBe(false);
    expect(made.error?.issues).toEqual([
      expect.objectContaining({ path: ['gst'], message: GSTIN_MESSAGES.panMismatch }),
    ]);
    const changed = organizationUpdateBody.safeParse({ id: 1, pan: 'AAPFU0939F', gst: '29AAGCB7383J1Z4' });
    expect(changed.error?.issues).toEqual([
      expect.objectContaining({ path: ['gst'], message: GSTIN_MESSAGES.panMismatch }),
    ]);
    expect(organizationCreateBody.safeParse({ ...create, gst: '27AAPFU0939F1ZV' }).success).toBe(true);
  });

  it('names gst and pan for their own format problems', () => {
    const res = organizationCreateBody.safeParse({ ...create, pan: 'ABCDE1234F', gst: '27AAPFU0939F1ZW' });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['pan', PAN_MESSAGES.holderType],
      ['gst', GSTIN_MESSAGES.checksum],
    ]);
  });
});
