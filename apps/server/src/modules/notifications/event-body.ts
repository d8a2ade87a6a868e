// The raw body of a delivery: the stored event with its keys in a fixed order (the database keeps
// JSON objects in its own order), so every attempt of an event sends, and signs, the same bytes.
const FIRST = ['id', 'type', 'occurred_at', 'organization', 'alarm', 'device', 'webhook', 'data'];

export function eventBody(payload: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = {};
  for (const key of FIRST) if (key in payload) ordered[key] = payload[key];
  for (const key of Object.keys(payload).sort()) if (!(key in ordered)) ordered[key] = payload[key];
  return JSON.stringify(ordered);
}
