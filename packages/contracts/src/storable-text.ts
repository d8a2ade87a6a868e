// Text that PostgreSQL cannot store: a NUL character (a text column cannot hold U+0000; the driver fails)
// and a lone UTF-16 surrogate (not valid UTF-8: the driver would write U+FFFD in its place). The server
// refuses such text wherever it comes from: the HTTP input guard (apps/server/src/input-guard.ts) for
// every route's query, parameters and JSON body, and the device link's contracts (telemetry.ts) for
// what devices send over MQTT and HTTP ingest, which those routes parse themselves.

/** Matches what cannot be stored: a NUL, a high surrogate without its low one, a low one without its high one. */
export const UNSTORABLE_TEXT =
  // eslint-disable-next-line no-control-regex
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the database can store `text` as it is (no NUL, no unpaired surrogate). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}
