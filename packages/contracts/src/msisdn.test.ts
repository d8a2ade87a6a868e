import { describe, expect, it } from 'vitest';
import { MSISDN_MESSAGES as M, msisdnFields, msisdnUpdateBody } from './msisdn';

const ok = { sim_number: '8991101200003204510', imsi: '404450123456789', msisdn: '+919812345678' };

describe('msisdnFields', () => {
  it('names each missing field', () => {
    const result = msisdnFields.safeParse({ sim_number: ' ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['sim_number', "'SIM NO.' is required!"],
      ['imsi', "'IMSI' is required!"],
      ['msisdn', "'MSISDN' is required!"],
    ]);
  });
  it('checks the number formats', () => {
    expect(msisdnFields.safeParse(ok).success).toBe(true);
    expect(msisdnFields.safeParse({ ...ok, msisdn: '9812345678' }).success).toBe(true);
    const bad = msisdnFields.safeParse({ sim_number: '8991-1012', imsi: '40445012345678', msisdn: '+91 98' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      M.simNumberPattern,
      M.imsiPattern,
      M.msisdnPattern,
    ]);
  });
});

describe('msisdnUpdateBody', () => {
  it('is a deletion with is_active false and needs no fields then', () => {
    expect(msisdnUpdateBody.parse({ id: 3, is_active: false })).toEqual({ kind: 'delete', id: 3 });
  });
  it('is a save otherwise, with every field required', () => {
    expect(msisdnUpdateBody.parse({ id: 3, ...ok })).toEqual({ kind: 'save', id: 3, ...ok });
    expect(msisdnUpdateBody.safeParse({ id: 3, imsi: ok.imsi }).success).toBe(false);
  });
});
