import { INGEST_MESSAGES } from '@rms/contracts/telemetry';
import type { IngestQueue, IngestStats } from './ingest-queue';
import { toRows, type Retention, type SampleRow } from './sample-row';

// Where a telemetry message goes once its device is known: parsed (JSON), validated against the
// contract, batched and committed. In this thread (LocalIntake: PGlite, or INGEST_WORKERS=1) or on the
// ingest worker threads (ingest-workers.ts), each owning a share of the devices. Either way a message's
// promise settles only after its batch has committed, so a PUBACK still means committed.

/** A message as it came: the payload's text (MQTT), or JSON already parsed (the HTTP route's body). */
export type TelemetryMessage = { text: string } | { json: unknown };

export type IntakeResult = { ok: true } | { ok: false; reason: string };

export interface TelemetryIntake {
  /** Resolves when there is room for another message (back-pressure before the payload is parsed). */
  room(): Promise<void>;
  /** Validates the message of `deviceId` and resolves once its samples are committed, or refused. */
  take(deviceId: number, message: TelemetryMessage, now: number): Promise<IntakeResult>;
  /** Rows already validated (the demo's history); resolves once committed. */
  submit(rows: SampleRow[]): Promise<void>;
  /** What was written (summed over the workers). */
  readonly stats: IngestStats;
  /** Rows (LocalIntake) or messages (workers) held now, not yet committed. */
  readonly heldRows: number;
  /** Commits what was taken and stops taking more. */
  close(): Promise<void>;
}

/**
 * Why a message is refused when the database dropped some of its rows (ingest-queue.ts) after the
 * contract took them: the device must not be told they were stored. Names the first one dropped.
 */
export function notStoredReason(rows: readonly SampleRow[], dropped: readonly number[]): string | null {
  if (dropped.length === 0) return null;
  return INGEST_MESSAGES.notStored(rows.length === 1 ? 'payload' : String(dropped[0]));
}

/** Parses and validates one message; the same checks in this thread and in an ingest worker. */
export function rowsOfMessage(
  deviceId: number,
  message: TelemetryMessage,
  now: number,
  retention?: Retention,
): { ok: true; rows: SampleRow[] } | { ok: false; reason: string } {
  let json: unknown;
  if ('text' in message) {
    try {
      json = JSON.parse(message.text);
    } catch {
      return { ok: false, reason: INGEST_MESSAGES.badJson };
    }
  } else json = message.json;
  return toRows(deviceId, json, now, retention);
}

/** Ingest in this thread: the queue's writers in this process. */
export class LocalIntake implements TelemetryIntake {
  constructor(
    private readonly queue: IngestQueue,
    private readonly retention?: Retention,
  ) {}

  room(): Promise<void> {
    return this.queue.room();
  }

  async take(deviceId: number, message: TelemetryMessage, now: number): Promise<IntakeResult> {
    const parsed = rowsOfMessage(deviceId, message, now, this.retention);
    if (!parsed.ok) return parsed;
    const { dropped } = await this.queue.submit(parsed.rows);
    const reason = notStoredReason(parsed.rows, dropped);
    return reason === null ? { ok: true } : { ok: false, reason };
  }

  async submit(rows: SampleRow[]): Promise<void> {
    await this.queue.submit(rows);
  }

  get stats(): IngestStats {
    return this.queue.stats;
  }

  get heldRows(): number {
    return this.queue.heldRows;
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
