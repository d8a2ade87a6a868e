import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { activationFields } from './activations';
import { BULK_AREA_NAMES, BULK_AREAS, takesAbsent } from './bulk-upload';
import { email } from './employees';
import { INVENTORY, INVENTORY_SCHEMAS } from './inventory';
import { cityCreateBody, stateCreateBody } from './master-data';

// A sheet follows its single form's contract: each column is required exactly when the form's field is
// (a blank cell is absent, as a field the form leaves empty), and a column holding the form's own field
// takes exactly the values the form takes (ranges, grammar, lengths). Expectations are derived from the
// forms' schemas, so a rule changed in one place and not the other fails here.

/** Values that probe ranges, grammar and lengths of text, ids, numbers, dates and PINs. */
const PROBES = [
  ' ',
  'x',
  'RMS-0001',
  'a/b',
  '+',
  '#',
  'lamp 7',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(151),
  'x'.repeat(251),
  'x'.repeat(501),
  '0',
  '-1',
  '12.5',
  '90',
  '-90.5',
  '91',
  '180',
  '181',
  '1e3',
  'abc',
  '110001',
  '11001',
  '1100011',
  '2026-01-15',
  '2026-02-30',
  '15/01/2026',
  '8991000000000000001',
  '89910000000000000',
  '404450000000001',
  '+919800000001',
  '919800000001',
  'buyer@example.com',
  'not-an-email',
];

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/**
 * Where a sheet names by text what the form picks by id, the text follows the rule of the form that
 * makes the thing named: an RMS, STLT or pole ID its inventory form's, an organization its e-mail, a
 * state or city its master-data name. Keyed by the form's field.
 */
const idRule = (kind: 'rms' | 'stlt' | 'pole') =>
  (INVENTORY_SCHEMAS[kind].create.shape as Record<string, z.ZodType>)[INVENTORY[kind].idField]!;
const NAMED_RULES: Record<string, z.ZodType> = {
  device: idRule('rms'),
  stlt: idRule('stlt'),
  pole: idRule('pole'),
  buyer: email,
  state: stateCreateBody.shape.name,
  city: cityCreateBody.shape.name,
};
const blank = (value: string) => value.trim() === '';

describe.each(BULK_AREA_NAMES)('%s sheet', (area) => {
  const { columns, form } = BULK_AREAS[area];
  const row = BULK_AREAS[area].schema as unknown as z.ZodObject;
  const formShape = form.shape as Record<string, z.ZodType>;
  const rowShape = row.shape as Record<string, z.ZodType>;

  it('has a column for every field of the form', () => {
    expect(columns.map((c) => c.formField).sort()).toEqual(Object.keys(formShape).sort());
  });

  it.each(columns.map((c) => [c.header, c] as const))(
    '%s: required exactly when the form requires it',
    (_header, column) => {
      const formRequires = !takesAbsent(formShape[column.formField]!);
      expect(column.required).toBe(formRequires);
      expect(accepts(rowShape[column.key]!, undefined)).toBe(!formRequires);
    },
  );

  it.each(columns.map((c) => [c.header, c] as const))(
    '%s: takes exactly the values the form takes',
    (_header, column) => {
      const cell = rowShape[column.key]!;
      const own = formShape[column.formField]!;
      // A column that is not the form's own field names a thing by text, whose rule is that thing's form's.
      const rule = cell === own ? own : NAMED_RULES[column.formField];
      expect(rule, `${column.header} has a rule of its own`).toBeDefined();
      for (const value of PROBES) {
        // Blank is absent: whether that is allowed is the required check above.
        if (blank(value)) continue;
        expect(accepts(cell, value), `${column.header} = ${JSON.stringify(value)}`).toBe(
          accepts(rule!, value),
        );
      }
    },
  );

  it.each(columns.map((c) => [c.header, c] as const))(
    '%s: named when it names by text what the form picks by id',
    (_header, column) => {
      // A rule about the thing named is then told with the cell's text (the sheet runner quotes it).
      const ownField = rowShape[column.key] === formShape[column.formField];
      expect(ownField || column.named, `${column.header} names a thing`).toBe(true);
    },
  );

  it('sample row passes the row schema', () => {
    const sample = Object.fromEntries(columns.map((c) => [c.key, c.example]));
    expect(row.safeParse(sample).error?.issues).toBeUndefined();
  });
});

describe('activation sheet (spec 02 §5)', () => {
  it('leaves device, STLT, pole, panel and battery optional, as the form does', () => {
    const optional = BULK_AREAS.activation.columns.filter((c) => !c.required).map((c) => c.key);
    expect(optional).toEqual(expect.arrayContaining(['device', 'stlt', 'pole', 'panel_id', 'battery_id']));
    const required = BULK_AREAS.activation.columns.filter((c) => c.required).map((c) => c.key);
    expect(required.sort()).toEqual(['address1', 'address2', 'city', 'name', 'pin', 'state']);
    expect(takesAbsent(activationFields.shape.device)).toBe(true);
  });

  it('takes a row with only the required cells filled', () => {
    const row = BULK_AREAS.activation.schema.safeParse({
      name: 'Project',
      address1: '1 Road',
      address2: 'Ward 2',
      state: 'Karnataka',
      city: 'Bengaluru',
      pin: '560001',
    });
    expect(row.error?.issues).toBeUndefined();
  });
});
