import fc from 'fast-check';
import type { JsonSchema } from './operations';

// Values for a field, from its JSON schema: mostly plausible ones (so that requests get past validation
// and reach the services and the database), the rest hostile (wrong types, text PostgreSQL cannot hold,
// ids past the integer range, impossible dates, traversal, MQTT wildcards, huge strings).

/** Ids the requests draw from: real rows of both tenants, so cross-tenant attempts hit real rows. */
export interface IdPool {
  ids: number[];
  texts: string[];
}

export const HOSTILE: unknown[] = [
  null,
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  2 ** 31,
  2 ** 53,
  1e20,
  -1,
  0,
  1.5,
  'abc',
  '2147483648',
  '2024-02-30',
  '9999-99-99',
  '../../etc/passwd',
  '+',
  'rms/#',
  "' or 1=1 --",
  '=HYPERLINK("x")',
  'x'.repeat(5000),
  true,
  {},
  [],
  [null],
  { $gt: '' },
];

function plausible(schema: JsonSchema, pool: IdPool, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((s) => valueFor(s, pool, depth + 1)));
  if (schema.allOf?.[0]) return valueFor(schema.allOf[0], pool, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.constantFrom(...pool.ids),
        fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 100) }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, pool, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFor(schema, pool, depth + 1);
    case 'string':
      if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
        return fc.constantFrom('2025-01-01', '2025-06-30', '2026-11-01');
      if (schema.format === 'email') return fc.constantFrom('a@tenant-a.example', 'owner@tenant-b.example');
      return fc.oneof(
        fc.constantFrom(...pool.texts),
        fc.string({ maxLength: 12 }),
        fc.constantFrom('true', 'false', '1', 'RMS-1'),
      );
    default:
      return fc.oneof(fc.constantFrom(...pool.ids), fc.constantFrom(...pool.texts), fc.boolean());
  }
}

export function valueFor(schema: JsonSchema, pool: IdPool, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: plausible(schema, pool, depth) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) },
  );
}

/** An object with the schema's required keys (mostly) and some of its optional ones. */
export function objectFor(
  schema: JsonSchema,
  pool: IdPool,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0)
    return fc.dictionary(fc.constantFrom('id', 'x', 'name'), fc.constantFrom(...HOSTILE), { maxKeys: 2 });
  const required = new Set(schema.required ?? []);
  return fc
    .record(Object.fromEntries(keys.map((k) => [k, valueFor(properties[k]!, pool, depth)])), {
      requiredKeys: [],
    })
    .chain((value) =>
      // Required keys are present nine times in ten; the tenth checks their absence.
      fc
        .integer({ min: 0, max: 9 })
        .chain((roll) =>
          roll === 0
            ? fc.constant(value)
            : fc
                .record(
                  Object.fromEntries(
                    [...required]
                      .filter((k) => !(k in value))
                      .map((k) => [k, valueFor(properties[k]!, pool, depth)]),
                  ),
                )
                .map((extra) => ({ ...value, ...extra })),
        ),
    );
}
