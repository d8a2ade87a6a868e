import { IDENTIFIER_PATTERN } from '@rms/contracts/fields';
import { UPLINK_TOPICS, type UplinkTopic } from '@rms/contracts/telemetry';

// MQTT topics of the device link (docs/device-link.md); {device_id} is the RMS ID.
// Topics are compared level by level, never as strings: a device may use exactly its own topics, and a
// level holding a wildcard (`+`, `#`), an empty level, an extra level or a `$share`/`$SYS` prefix never
// matches. The RMS ID grammar (letters, digits, `.`, `_`, `-`) keeps wildcards and `/` out of a
// device's own topics; an id that breaks it (made before the grammar existed) is refused everywhere.

export const TOPIC_KINDS = UPLINK_TOPICS;
export type UplinkKind = UplinkTopic;
/** What a device may subscribe to: its commands, and the notices of its refused messages. */
export const DOWNLINK_KINDS = ['cmd', 'reject'] as const;

/** Whether a text may stand as a device's level in a topic (the contract's identifier grammar). */
export function isDeviceCode(code: string): boolean {
  return IDENTIFIER_PATTERN.test(code);
}

/** The command topic of a device; throws for an id outside the grammar, which never gets commands. */
export function commandTopic(code: string): string {
  if (!isDeviceCode(code)) throw new Error(`not a device id: ${JSON.stringify(code)}`);
  return `rms/${code}/cmd`;
}

/** The reject-notice topic of a device (docs/device-link.md "Rejects"); throws like commandTopic. */
export function rejectTopic(code: string): string {
  if (!isDeviceCode(code)) throw new Error(`not a device id: ${JSON.stringify(code)}`);
  return `rms/${code}/reject`;
}

/** The device code and kind of an uplink topic, or null for any other topic. */
export function parseUplink(topic: string): { code: string; kind: UplinkKind } | null {
  const levels = topic.split('/');
  if (levels.length !== 3) return null;
  const [root, code = '', kind = ''] = levels;
  if (root !== 'rms' || !isDeviceCode(code)) return null;
  return (TOPIC_KINDS as readonly string[]).includes(kind) ? { code, kind: kind as UplinkKind } : null;
}

/** Whether the device `code` may publish to `topic`: exactly rms/<code>/{telemetry,fault,ack}. */
export function mayPublish(code: string, topic: string): boolean {
  const uplink = parseUplink(topic);
  return uplink !== null && isDeviceCode(code) && uplink.code === code;
}

/**
 * Whether the device `code` may subscribe to `filter`: exactly rms/<code>/cmd or rms/<code>/reject, no
 * wildcard anywhere.
 */
export function maySubscribe(code: string, filter: string): boolean {
  const levels = filter.split('/');
  return (
    isDeviceCode(code) &&
    levels.length === 3 &&
    levels[0] === 'rms' &&
    levels[1] === code &&
    (DOWNLINK_KINDS as readonly string[]).includes(levels[2]!)
  );
}
