import { describe, expect, it } from 'vitest';
import { cityCreateBody, dropdownTags, gstSaveBody, hsnSaveBody } from './master-data';
import { requiredMessage } from './fields';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('master-data contracts', () => {
  it("uses the spec's required message", () => {
    expect(requiredMessage('State')).toBe("'State' is required!");
    expect(messages(cityCreateBody.safeParse({ name: ' ' }))).toEqual({
      name: "'City Name' is required!",
      state: "'State' is required!",
    });
  });

  it('requires the GST fields when saving, only the id when deleting', () => {
    expect(messages(gstSaveBody.safeParse({}))).toEqual({
      invoice_name: "'Invoice Name' is required!",
      name: "'GST Name' is required!",
      value: "'GST Value (%)' is required!",
    });
    expect(gstSaveBody.parse({ id: 3, is_active: false })).toEqual({ kind: 'delete', id: 3 });
    expect(messages(gstSaveBody.safeParse({ is_active: false }))).toEqual({ id: 'id is required to delete' });
    expect(gstSaveBody.parse({ invoice_name: 'GST @5%', name: 'GST 5%', value: 5 })).toEqual({
      kind: 'save',
      id: undefined,
      invoice_name: 'GST @5%',
      name: 'GST 5%',
      value: 5,
    });
    expect(messages(gstSaveBody.safeParse({ invoice_name: 'a', name: 'b', value: 101 }))).toEqual({
      value: 'GST value must be between 0 and 100',
    });
  });

  it('requires the HSN number and both GST lists', () => {
    expect(messages(hsnSaveBody.safeParse({ same_state: [] }))).toEqual({
      hsn_no: "'HSN Number' is required!",
      same_state: "'Same State' is required!",
      other_state: "'Other State' is required!",
    });
  });

  it('tags dropdown values: Default only when editable and deletable', () => {
    expect(dropdownTags({ is_editable: true, is_deletable: true })).toEqual(['Default']);
    expect(dropdownTags({ is_editable: false, is_deletable: true })).toEqual(['Not Editable']);
    expect(dropdownTags({ is_editable: false, is_deletable: false })).toEqual([
      'Not Editable',
      'Not Deletable',
    ]);
  });
});
