import { describe, expect, it } from 'vitest';
import { gstFields, stateCreateBody } from '@rms/contracts/master-data';
import { zodRule } from './zod-rule';

const check = (schema: Parameters<typeof zodRule>[0], value: unknown) => {
  const rule = zodRule(schema);
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  return rule.validator({}, value, () => undefined);
};

describe('zodRule', () => {
  it("answers with the contract's own message", async () => {
    const name = stateCreateBody.shape.name;
    await expect(check(name, undefined)).rejects.toThrow("'State Name' is required!");
    await expect(check(name, null)).rejects.toThrow("'State Name' is required!");
    await expect(check(name, '   ')).rejects.toThrow("'State Name' is required!");
    await expect(check(name, 'Goa')).resolves.toBeUndefined();
    await expect(check(gstFields.shape.value, 101)).rejects.toThrow('GST value must be between 0 and 100');
  });
});
