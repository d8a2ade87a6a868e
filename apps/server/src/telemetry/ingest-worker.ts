import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/client';
import { AlarmRuleBook } from './alarm-rule-book';
import { dayResolver } from './day-of';
import { IngestQueue } from './ingest-queue';
import type { CommittedBatch, FromMain, IngestWorkerData, ToMain } from './ingest-worker-messages';
import { samplesKeptSince } from './storage/settings';
import { notStoredReason, rowsOfMessage } from './telemetry-intake';
import { writeBatch } from './write-batch';

// One ingest worker thread (ingest-workers.ts starts them): it owns the devices whose id modulo the
// worker count is its index, and does for their messages what the main thread did alone before —
// JSON parse, contract validation, batching, the batch transactions (samples, live state, harvest,
// alarms) on its own PostgreSQL connections. A message is answered only once its batch has committed;
// the main thread sends the PUBACK then. Replies go back in one message per event-loop turn.

const data = workerData as IngestWorkerData;
const port = parentPort!;
const send = (message: ToMain) => port.postMessage(message);
const logError = (msg: string, error: unknown) =>
  send({ type: 'log', msg, err: error instanceof Error ? (error.stack ?? error.message) : String(error) });

const database = await openDatabase({ databaseUrl: data.databaseUrl });
const dayOf = dayResolver(data.timeZone);
// The rules come from the main thread's book (it reads them and hears of changes); none: the defaults.
const rules = data.rules ? new AlarmRuleBook(database.db) : undefined;
if (rules && data.rules) rules.replace(data.rules);
const storage = data.storage;
const retention = storage && {
  days: storage.retentionDays,
  since: (now: number) => samplesKeptSince(storage, now),
};

// What goes back at the end of this turn.
let done: number[] = [];
let refused: [number, string][] = [];
let committed: CommittedBatch[] = [];
let flushing = false;
const flush = () => {
  flushing = false;
  send({ type: 'settled', done, refused, batches: committed, stats: { ...queue.stats } });
  done = [];
  refused = [];
  committed = [];
};
const soon = () => {
  if (!flushing) {
    flushing = true;
    setImmediate(flush);
  }
};

const queue = new IngestQueue({
  write: async (rows) => {
    const started = performance.now();
    const result = await writeBatch(database.db, rows, dayOf, new Date(), rules);
    committed.push({
      devices: result.devices,
      alarms: result.alarms,
      seconds: (performance.now() - started) / 1000,
    });
    soon();
    return result;
  },
  writers: data.writers,
  // This worker has every `count`-th device: its writers split them by the rest of the id.
  laneOf: (deviceId, writers) => Math.floor(deviceId / data.count) % writers,
  onError: (error, attempt) =>
    logError(attempt === 0 ? 'ingest: row dropped' : 'ingest: write failed, retrying', error),
});

port.on('message', (message: FromMain) => {
  switch (message.type) {
    case 'take':
      for (const [seq, deviceId, text, now] of message.items) {
        const parsed = rowsOfMessage(deviceId, { text }, now, retention);
        if (!parsed.ok) {
          refused.push([seq, parsed.reason]);
          soon();
          continue;
        }
        queue.submit(parsed.rows).then(
          ({ dropped }) => {
            // Rows the database refused after the contract took them: the device is refused, not acknowledged.
            const reason = notStoredReason(parsed.rows, dropped);
            if (reason === null) done.push(seq);
            else refused.push([seq, reason]);
            soon();
          },
          (error: unknown) => logError('ingest: message not taken', error),
        );
      }
      break;
    case 'rows':
      queue.submit(message.rows).then(
        () => {
          done.push(message.seq);
          soon();
        },
        (error: unknown) => logError('ingest: rows not taken', error),
      );
      break;
    case 'rules':
      rules?.replace(message.rules);
      break;
    case 'close':
      void (async () => {
        await queue.close();
        flush();
        await database.close();
        send({ type: 'closed' });
        port.close();
      })();
      break;
  }
});

send({ type: 'ready' });
