import { describe, expect, it } from 'vitest';
import { activationFields, activationUpdateBody } from './activations';
import { inspectionBody } from './inspections';
import { bulkParameterBody, PARAMETER_MESSAGES as M } from './parameters';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('devices or a group (bulk parameter, inspection)', () => {
  const values = { load_regulation: 40, dim_1: 4, dim_2: 6 };
  it("keeps the spec's devices payload and takes a group instead", () => {
    expect(bulkParameterBody.parse({ devices: [1, 2], ...values })).toEqual({ devices: [1, 2], ...values });
    expect(bulkParameterBody.parse({ group: 3, ...values })).toEqual({ group: 3, ...values });
    expect(inspectionBody.parse({ group: 3, insp: 2 })).toEqual({ group: 3, insp: 2 });
  });
  it('takes exactly one of the two, naming the field', () => {
    expect(fieldsOf(inspectionBody.safeParse({ devices: [1], group: 3, insp: 1 }))).toEqual([
      ['group', M.devicesOrGroup],
    ]);
    expect(fieldsOf(bulkParameterBody.safeParse(values))).toEqual([['devices', M.devicesRequired]]);
    expect(fieldsOf(inspectionBody.safeParse({ group: 0, insp: 1 })).map(([f]) => f)).toEqual(['group']);
  });
});

describe('activation tags', () => {
  const form = { name: 'P', address1: 'A', address2: 'B', state: 1, city: 2, pin: '110001' };
  it('are optional, and absent from an update means unchanged', () => {
    expect(activationFields.parse(form).tags).toBeUndefined();
    const update = activationUpdateBody.parse({ id: 1, ...form });
    expect(update.kind === 'save' && update.tags).toBeUndefined();
    expect(activationFields.parse({ ...form, tags: [' zone-1 '] }).tags).toEqual(['zone-1']);
  });
  it('refuses a bad tag or more than 20', () => {
    expect(activationFields.safeParse({ ...form, tags: ['#x'] }).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`);
    expect(activationFields.safeParse({ ...form, tags: many }).success).toBe(false);
  });
});
