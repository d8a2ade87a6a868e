// Text that PostgreSQL cannot store: a NUL character (a text column cannot hold U+0000; the driver fails)
// and a lone UTF-16 surrogate (not valid UTF-8: the driver would write U+FFFD in its place). The server
// refuses such text wherever it comes from: the HTTP input guard (apps/server/src/input-guard.ts) for
// every route's query, parameters and JSON body, and the device link's contracts (telemetry.ts) for
// what devices send over MQTT and HTTP ingest, which those routes parse themselves.

const NUL = '\u0000';
/** A high surrogate without its low one, or a low one without its high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Whether the database can store `text` as it is (no NUL, no unpaired surrogate). */
export function isStorableText(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !text.includes(NUL) && !LONE_SURROGATE.test(text);
}

/** `text` with each character the database cannot store shown as `?` (to name a refused JSON key). */
export function storableForm(text: string): string {
  return text.replaceAll(NUL, '?').replace(LONE_SURROGATE, '?');
}
