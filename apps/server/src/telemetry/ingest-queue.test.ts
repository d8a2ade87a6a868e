import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLiveState, telemetrySamples } from '../db/schema/telemetry';
import { sqlStateOf } from '../db/sql-state';
import { createTestApp, type TestApp } from '../testing/app';
import { makeDevice, makeOrganization, sampleRow } from '../testing/factories';
import { dayResolver } from './day-of';
import { IngestQueue } from './ingest-queue';
import { writeBatch } from './write-batch';

// The ingest queue writes what several devices sent as one batch, in one transaction. When the
// database refuses the batch for one row's data (here a sample of a device that is gone: a foreign key
// violation), the queue splits the batch until that row stands alone. Every other row is stored, the
// bad one is dropped and reported, and every submission settles without a retry: writing that row again
// could never succeed, and retrying would hold everything behind it. The submission holding the dropped
// row is told so (its device is refused, not acknowledged); the others are told all was stored.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a batch holding one row the database refuses', () => {
  it('stores every other row, drops the bad one once, and settles every submission', async () => {
    const db = t.database.db;
    const org = await makeOrganization(db);
    const one = await makeDevice(db, { organizationId: org.id });
    const two = await makeDevice(db, { organizationId: org.id });
    const gone = two.id + 1000;
    const at = Date.now() - 3_600_000;

    const batches: number[] = [];
    const reported: { state: string | undefined; attempt: number }[] = [];
    let retried!: () => void;
    const retry = new Promise<'retried'>((resolve) => (retried = () => resolve('retried')));
    const queue = new IngestQueue({
      write: (rows) => {
        batches.push(rows.length);
        return writeBatch(db, rows, dayResolver(t.config.timeZone));
      },
      // The three submissions fill one batch exactly, so they are written together at once.
      maxBatchRows: 5,
      maxDelayMs: 60_000,
      onError: (error, attempt) => {
        reported.push({ state: sqlStateOf(error), attempt });
        if (attempt > 0) retried();
      },
    });

    const submissions = [
      queue.submit([sampleRow(one.id, at), sampleRow(one.id, at + 60_000)]),
      queue.submit([sampleRow(gone, at)]),
      queue.submit([sampleRow(two.id, at), sampleRow(two.id, at + 60_000)]),
    ];
    // Without the isolation the batch fails as a whole and is retried forever: no submission settles.
    const outcome = await Promise.race([Promise.all(submissions).then(() => 'settled' as const), retry]);
    expect(outcome).toBe('settled');
    expect(await Promise.all(submissions)).toEqual([{ dropped: [] }, { dropped: [0] }, { dropped: [] }]);
    await queue.close();
    expect(batches[0]).toBe(5);
    const stored = await db
      .select({ deviceId: telemetrySamples.deviceId, ts: telemetrySamples.ts })
      .from(telemetrySamples)
      .where(inArray(telemetrySamples.deviceId, [one.id, two.id, gone]));
    expect(stored.map((s) => `${s.deviceId}@${s.ts.getTime()}`).sort()).toEqual(
      [`${one.id}@${at}`, `${one.id}@${at + 60_000}`, `${two.id}@${at}`, `${two.id}@${at + 60_000}`].sort(),
    );
    const live = await db
      .select({ deviceId: deviceLiveState.deviceId, status: deviceLiveState.status })
      .from(deviceLiveState)
      .where(inArray(deviceLiveState.deviceId, [one.id, two.id, gone]));
    expect(live.sort((a, b) => a.deviceId - b.deviceId)).toEqual([
      { deviceId: one.id, status: 'Online' },
      { deviceId: two.id, status: 'Online' },
    ]);
    // Reported once, as dropped (attempt 0: the device link logs "ingest: row dropped"), never retried.
    expect(reported).toEqual([{ state: '23503', attempt: 0 }]);
    expect(queue.stats).toMatchObject({ stored: 4, dropped: 1, retries: 0 });
  });
});
