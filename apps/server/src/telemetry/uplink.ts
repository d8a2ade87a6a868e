import { isUtf8 } from 'node:buffer';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  commandAck,
  deviceTimeAt,
  faultReport,
  INGEST_MESSAGES,
  PUBLISH_REASON_CODES,
  reasonOf,
  type AlarmKind,
  type PublishReasonCode,
  type RejectNotice,
  type UplinkTopic,
} from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { deviceCommands } from '../db/schema/commands';
import { publishTelemetryEvents } from '../modules/notifications';
import { clearedByData, raiseAlarms, refreshStatus } from './alarms';
import type { DeviceIdentity } from './device-keys';
import type { LiveChanges } from './live-events';
import type { RejectLog } from './reject-log';
import type { TelemetryIntake, TelemetryMessage } from './telemetry-intake';

// What a device sends, whichever way it arrives (embedded broker, external broker, HTTP): telemetry
// goes to the intake (telemetry-intake.ts: parsed, validated and batched in this thread or on the
// ingest workers); fault reports and command acknowledgements are written at once.
// A message refused is counted for the device (reject-log.ts) and the device is told (`notify`: the
// notice on rms/<id>/reject); the caller answers it too (an MQTT 5 PUBACK reason code, an HTTP 400).

const MAX_REASON_LENGTH = 300;

export interface UplinkStats {
  /** Messages received, by kind (metrics). */
  received: Record<UplinkTopic, number>;
  refused: Record<string, number>;
}

export type UplinkResult = { ok: true } | { ok: false; reason: string; code: PublishReasonCode };

export interface UplinkOptions {
  /** Counts refusals per device; without it they are only counted in `stats`. */
  rejects?: RejectLog;
  /** Tells the device about a refusal (its reject topic); must not throw. */
  notify?: (device: DeviceIdentity, notice: RejectNotice) => void;
}

export class Uplink {
  readonly stats: UplinkStats = { received: { telemetry: 0, fault: 0, ack: 0 }, refused: {} };
  constructor(
    private readonly db: Db,
    private readonly intake: TelemetryIntake,
    private readonly changed: (changes: LiveChanges) => void = () => {},
    private readonly options: UplinkOptions = {},
  ) {}

  /** Resolves once the message is stored (telemetry: committed); refused messages say why. */
  async receive(device: DeviceIdentity, kind: UplinkTopic, payload: Buffer | string): Promise<UplinkResult> {
    this.stats.received[kind]++;
    // Bytes that are not UTF-8 would be read as U+FFFD and stored so: refused instead, never altered.
    if (typeof payload !== 'string' && !isUtf8(payload))
      return this.refuse(device, kind, INGEST_MESSAGES.badUtf8);
    if (kind === 'telemetry') {
      // Room first: a burst's backlog waits as raw payloads, not parsed samples.
      await this.intake.room();
      return this.take(device, { text: payload.toString() });
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString());
    } catch {
      return this.refuse(device, kind, INGEST_MESSAGES.badJson);
    }
    if (kind === 'ack') {
      const ack = commandAck.safeParse(json);
      if (!ack.success) return this.refuse(device, kind, reasonOf(ack.error));
      await this.acknowledge(device, ack.data.id, ack.data.ok, ack.data.error ?? null);
      return { ok: true };
    }
    const report = faultReport.safeParse(json);
    if (!report.success) return this.refuse(device, kind, reasonOf(report.error));
    // A sample's clock rule: not ahead of the server's clock, not older than a sample may be.
    const time = deviceTimeAt(report.data.ts, Date.now());
    if (!time.ok) return this.refuse(device, kind, time.reason);
    await this.reportFaults(device, report.data.faults, new Date(time.ms));
    return { ok: true };
  }

  /** Telemetry already parsed from JSON (the HTTP route's body). */
  receiveTelemetry(device: DeviceIdentity, json: unknown): Promise<UplinkResult> {
    return this.take(device, { json });
  }

  private async take(device: DeviceIdentity, message: TelemetryMessage): Promise<UplinkResult> {
    const taken = await this.intake.take(device.id, message, Date.now());
    return taken.ok ? taken : this.refuse(device, 'telemetry', taken.reason);
  }

  /**
   * Counts a message refused for `reason` (also one refused before it reached here: a topic the device
   * may not use, a packet too large) and tells the device; resolves once counted.
   */
  async refuse(
    device: DeviceIdentity,
    topic: UplinkTopic | null,
    reason: string,
    code: PublishReasonCode = PUBLISH_REASON_CODES.payloadFormatInvalid,
  ): Promise<UplinkResult> {
    // Reasons are the contract's messages after a field path; a topic quoted in one is at most a few levels.
    reason = reason.slice(0, MAX_REASON_LENGTH);
    this.stats.refused[reason] = (this.stats.refused[reason] ?? 0) + 1;
    const at = new Date();
    const refused = await this.options.rejects?.record({ deviceId: device.id, topic, reason, at });
    this.options.notify?.(device, {
      at: at.toISOString(),
      topic,
      reason,
      reason_code: code,
      refused: refused ?? null,
    });
    return { ok: false, reason, code };
  }

  /** The device acknowledges by command id; only its own open commands move (so each runs once). */
  private async acknowledge(device: DeviceIdentity, id: number, ok: boolean, error: string | null) {
    const finished = await this.db
      .update(deviceCommands)
      .set({ status: ok ? 'acknowledged' : 'failed', error, finishedAt: new Date() })
      .where(
        and(
          eq(deviceCommands.id, id),
          eq(deviceCommands.deviceId, device.id),
          inArray(deviceCommands.status, ['pending', 'sent']),
        ),
      )
      .returning({ id: deviceCommands.id });
    this.changed({ commands: finished.map((c) => c.id) });
  }

  /** A fault report is the device's whole list of active faults. */
  private async reportFaults(device: DeviceIdentity, codes: string[], at: Date) {
    const alarms = await this.db.transaction(async (tx) => {
      const kind: AlarmKind = 'fault';
      const raised = await raiseAlarms(
        tx,
        codes.map((code) => ({ deviceId: device.id, kind, code, at: at.getTime() })),
      );
      const resolved = await clearedByData(
        tx,
        sql`
        update alarms a set resolution_time = greatest(a.fault_time, ${at.toISOString()}::timestamptz)
        where a.device_id = ${device.id} and a.kind = 'fault' and a.resolution_time is null
          and not (a.fault_code = any(${sql.param(codes)}::text[]))
        returning a.id, a.resolution_time`,
      );
      await tx.execute(sql`
        update device_live_state set faults = ${JSON.stringify(codes)}::jsonb where device_id = ${device.id}`);
      await refreshStatus(tx, [device.id]);
      const changed = [...raised, ...resolved];
      await publishTelemetryEvents(tx, { alarms: changed });
      return changed;
    });
    this.changed({ devices: [device.id], alarms });
  }
}
