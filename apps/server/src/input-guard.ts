import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isStorableText, storableForm } from '@rms/contracts/storable-text';
import { fieldError } from './errors';

// Text that PostgreSQL cannot store, refused before any route sees it: a NUL character (text columns
// cannot hold U+0000; the driver would fail with a 5xx) and a lone UTF-16 surrogate (not valid UTF-8).
// One hook for every route, over the query, the path parameters and a JSON body, so no route can forget
// it; the answer names the field, e.g. `errors: {"permissions.0.key": [...]}`. The rule is the contracts'
// (storable-text.ts), which the device link's payloads follow too.

export const UNSTORABLE_TEXT_MESSAGE = 'Must not contain NUL or unpaired surrogate characters';
const MAX_DEPTH = 32;

/** The path of the first string (key or value) that cannot be stored, or null. */
export function unstorableTextAt(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  // Parsed JSON and query objects only: an uploaded file's bytes (a Buffer) or a stream is not text.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (!isStorableText(key)) return [...path, storableForm(key)];
    const found = unstorableTextAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function check(request: FastifyRequest): void {
  for (const [part, value] of [
    ['query', request.query],
    ['params', request.params],
    ['body', request.body],
  ] as const) {
    const at = unstorableTextAt(value);
    if (at) throw fieldError(at.length > 0 ? at.join('.') : part, UNSTORABLE_TEXT_MESSAGE);
  }
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => check(request));
}
