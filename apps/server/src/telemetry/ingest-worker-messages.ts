import type { RuleEntries } from './alarm-rule-book';
import type { IngestStats } from './ingest-queue';
import type { SampleRow } from './sample-row';
import type { TelemetryStorageSettings } from './storage/settings';

// What the main thread and an ingest worker (ingest-worker.ts) say to each other.

export interface IngestWorkerData {
  /** This worker's share: the devices whose id modulo `count` is `index`. */
  index: number;
  count: number;
  databaseUrl: string;
  timeZone: string;
  /** Writer transactions of this worker (each owning a share of its devices). */
  writers: number;
  /** Samples older than kept are refused; without it, none for retention. */
  storage?: TelemetryStorageSettings;
  /** The alarm rules as the main thread read them; null: no rule book (the defaults). */
  rules: RuleEntries | null;
}

/** One message to take: sequence number, device id, payload text, the receipt time (epoch ms). */
export type TakeItem = [seq: number, deviceId: number, text: string, now: number];

export type FromMain =
  | { type: 'take'; items: TakeItem[] }
  | { type: 'rows'; seq: number; rows: SampleRow[] }
  | { type: 'rules'; rules: RuleEntries }
  | { type: 'close' };

/** A committed batch: what changed (the live channel) and how long its commit took (metrics). */
export interface CommittedBatch {
  devices: number[];
  alarms: number[];
  seconds: number;
}

export type ToMain =
  | { type: 'ready' }
  | {
      type: 'settled';
      /** Committed (or already stored): acknowledge. */
      done: number[];
      /** Refused, with the reason the device is told. */
      refused: [number, string][];
      batches: CommittedBatch[];
      stats: IngestStats;
    }
  | { type: 'log'; msg: string; err: string }
  | { type: 'closed' };
