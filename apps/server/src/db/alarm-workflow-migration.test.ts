import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_DEFAULT_SEVERITY, type AlarmKind } from '@rms/contracts/telemetry';
import { makeDevice, makeOrganization } from '../testing/factories';
import { databaseBefore } from '../testing/migrations-before';
import type { Database } from './client';
import { rowsOf } from './rows';

// The migration that starts the alarm workflow: alarms stored before it take their kind's default
// severity and a timeline (raised, and cleared when they were), and the provider's organization holds
// the new HANDLE_ALARMS code.

const TAG = /_alarm_workflow$/;

let database: Database;

let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, close } = await databaseBefore(TAG));
});
afterAll(() => close());

describe('migration alarm_workflow', () => {
  it('gives stored alarms their severity and timeline, and the provider HANDLE_ALARMS', async () => {
    const db = database.db;
    // Organizations and devices are as they were; alarms take plain SQL (the schema in code holds the
    // columns this migration adds).
    const org = await makeOrganization(db, {
      companyName: 'Provider',
      isProvider: true,
      permissions: ['VIEW_DEVICE_DATA'],
    });
    const device = await makeDevice(db, { organizationId: org.id });
    const kinds: AlarmKind[] = ['load_fault', 'battery_low', 'communication_lost', 'fault', 'no_charge'];
    await db.execute(sql`
      insert into alarms (device_id, kind, fault_code, fault_time, resolution_time)
      select ${device.id}, k, '', '2026-03-01T10:00:00Z'::timestamptz,
             case when k = 'battery_low' then '2026-03-01T12:00:00Z'::timestamptz end
      from unnest(${sql.param(kinds)}::text[]) as k`);

    await database.migrate();

    const alarms = await rowsOf<{ id: number; kind: AlarmKind; severity: string }>(
      db,
      sql`select id, kind, severity from alarms order by id`,
    );
    expect(alarms.map((a) => [a.kind, a.severity])).toEqual(kinds.map((k) => [k, ALARM_DEFAULT_SEVERITY[k]]));
    const events = await rowsOf<{ kind: string; type: string; at: string | Date; actor_id: number | null }>(
      db,
      sql`select a.kind, e.type, e.at, e.actor_id from alarm_events e join alarms a on a.id = e.alarm_id
          where a.kind = 'battery_low' order by e.id`,
    );
    expect(events.map((e) => [e.type, new Date(e.at).toISOString(), e.actor_id])).toEqual([
      ['raised', '2026-03-01T10:00:00.000Z', null],
      ['cleared', '2026-03-01T12:00:00.000Z', null],
    ]);
    const [{ n } = { n: 0 }] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from alarm_events`,
    );
    expect(n).toBe(kinds.length + 1);
    const [provider] = await rowsOf<{ permissions: string[] }>(
      db,
      sql`select permissions from organizations where id = ${org.id}`,
    );
    // The codes it held, then HANDLE_ALARMS once (later migrations may add their own codes after it).
    expect(provider!.permissions.slice(0, 2)).toEqual(['VIEW_DEVICE_DATA', 'HANDLE_ALARMS']);
    expect(provider!.permissions.filter((c) => c === 'HANDLE_ALARMS')).toHaveLength(1);
  });
});
