// MQTT topics of the device link (DESIGN "Device link"); {device_id} is the RMS ID.

export const TOPIC_KINDS = ['telemetry', 'fault', 'ack'] as const;
export type UplinkKind = (typeof TOPIC_KINDS)[number];

export const commandTopic = (code: string) => `rms/${code}/cmd`;

/** The device code and kind of an uplink topic, or null for any other topic. */
export function parseUplink(topic: string): { code: string; kind: UplinkKind } | null {
  const parts = topic.split('/');
  if (parts.length !== 3 || parts[0] !== 'rms' || !parts[1]) return null;
  const kind = parts[2] as UplinkKind;
  return TOPIC_KINDS.includes(kind) ? { code: parts[1], kind } : null;
}
