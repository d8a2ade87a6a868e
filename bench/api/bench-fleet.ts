import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedFleet, type FleetSize } from './seed';

// What the API benchmarks share: the kept database, the console's calls and the fleet's owner
// organization, made through the API once and seeded by seed.ts.

/** The bench's first administrator (a fresh password each run) and the fleet's owner. */
export const ADMIN = { email: 'bench@rms.local', password: `Bench-${randomBytes(6).toString('hex')}-1aA` };
export const OWNER = { email: 'owner@bench.example', password: 'Bench-owner-12345' };

/** A database named `name` beside `baseUrl`, made when missing (or `reseed`); answers its URL. */
export async function keptDatabase(baseUrl: string, name: string, reseed: boolean): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0;
  if (exists && reseed) await admin.query(`drop database ${name} with (force)`);
  if (!exists || reseed) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type Call = <T>(method: string, route: string, body?: unknown, token?: string) => Promise<T>;

/** JSON calls to the API at `api` (…/api/v1/), as the console makes them; a failure throws with its status. */
export function apiCalls(api: string) {
  const call: Call = async <T>(method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(api + route, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok)
      throw Object.assign(new Error(`${method} ${route}: ${res.status} ${await res.text()}`), {
        status: res.status,
      });
    return (await res.json()) as T;
  };
  const signIn = async (who: { email: string; password: string }) =>
    (await call<{ access: string }>('POST', 'users/login/', { username: who.email, password: who.password }))
      .access;
  return { call, signIn };
}

/**
 * The fleet's organization id: registered through the API (as its administrator would) and seeded the
 * first time, then remembered in the table bench_fleet so that later runs reuse it.
 */
export async function benchFleet(
  client: pg.Client,
  { call, signIn }: ReturnType<typeof apiCalls>,
  size: FleetSize,
  log: (line: string) => void,
): Promise<number> {
  await client.query(
    'create table if not exists bench_fleet (organization_id int not null, seeded_at timestamptz)',
  );
  const [kept] = (await client.query<{ organization_id: number }>('select organization_id from bench_fleet'))
    .rows;
  if (kept) return kept.organization_id;
  const token = await signIn(ADMIN);
  const [state] = await call<{ id: number }[]>(
    'GET',
    'admin_settings/state/?pagination=false',
    undefined,
    token,
  );
  const [city] = await call<{ id: number }[]>(
    'GET',
    `admin_settings/city/?state=${state!.id}&pagination=false`,
    undefined,
    token,
  );
  const keys = await call<{ key: string }[]>('GET', 'admin_settings/permissions/', undefined, token);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const org = await call<{ id: number }>(
    'POST',
    'admin_settings/organizations/',
    {
      company_name: 'Bench Fleet',
      state: state!.id,
      city: city!.id,
      address: '1 Bench Road',
      activation_date: day(0),
      expiry_date: day(700),
      pan: 'BENCC1234K',
      sub_domain: 'bench-fleet',
      name: 'Bench Owner',
      email: OWNER.email,
      mobile: '9876500000',
      create_password: OWNER.password,
      permissions: keys.map((k) => ({ key: k.key })),
    },
    token,
  );
  log(`seeding ${size.devices} devices × ${size.days} days every ${size.intervalMinutes} min`);
  const started = Date.now();
  await seedFleet(client, org.id, size);
  await client.query('insert into bench_fleet values ($1, now())', [org.id]);
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return org.id;
}
