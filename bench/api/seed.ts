import type pg from 'pg';

// The fleet the API benchmark reads: one customer organization with N activated devices spread around
// the spec's map centre, each with D days of samples every M minutes, its daily harvest, its live state
// and a few alarms. Written by PostgreSQL itself (generate_series), so seeding 10,000 devices × 30 days
// (86 million samples) takes minutes, not hours; the samples' day partitions are made first, their
// primary key and device index dropped while loading and rebuilt after, as a bulk load would. Values
// follow a solar day in Asia/Kolkata.

export interface FleetSize {
  devices: number;
  days: number;
  intervalMinutes: number;
}

const log = (line: string) => process.stdout.write(`${line}\n`);

async function timed(client: pg.Client, label: string, text: string, values: unknown[] = []) {
  const started = Date.now();
  const res = await client.query(text, values);
  log(`  ${label}: ${res.rowCount ?? 0} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Seeds the fleet for `organizationId` (its devices, activations and telemetry). */
export async function seedFleet(client: pg.Client, organizationId: number, size: FleetSize) {
  const { devices, days, intervalMinutes } = size;
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '1GB'");
  await timed(
    client,
    'RMS devices',
    `insert into rms_devices (device_id, model, manufacture, inventory_date, expiry_date, organization_id)
     select 'RMS-B' || lpad(n::text, 6, '0'), 'RMS-' || (12 + (n % 2) * 12), 'Bench', '2026-01-01', '2030-01-01', $1
     from generate_series(1, $2::int) n`,
    [organizationId, devices],
  );
  // Fifty projects over the first states and their cities, coordinates within ~1.5° of the centre.
  await timed(
    client,
    'activations',
    `with places as (
       select s.id as state_id, c.id as city_id, row_number() over (order by s.id, c.id) - 1 as k
       from states s join cities c on c.state_id = s.id where s.is_active and c.is_active
     ), n_places as (select count(*) as n from places)
     insert into activations (name, device_id, address1, address2, state_id, city_id, pin, panel_id,
                              battery_id, latitude, longitude, organization_id)
     select 'Project ' || (d.n % 50 + 1), d.id, d.n || ' Ring Road', 'Ward ' || (d.n % 40),
            p.state_id, p.city_id, (110001 + d.n % 900)::text, 'PNL-' || d.n, 'BAT-' || d.n,
            28.6479 + (random() - 0.5) * 3, 77.2031 + (random() - 0.5) * 3, $1
     from (select id, row_number() over (order by id) as n from rms_devices where organization_id = $1) d
     cross join n_places
     join places p on p.k = d.n % n_places.n`,
    [organizationId],
  );

  // Each UTC day's partition (telemetry/storage/partitions.ts), as the maintenance would have made them.
  await timed(
    client,
    'day partitions',
    `do $$ declare d date; begin
       for d in select generate_series((now() at time zone 'UTC')::date - ${Number(days) + 1},
                                       (now() at time zone 'UTC')::date, interval '1 day')::date loop
         execute format('create table if not exists %I partition of telemetry_samples for values from (%L) to (%L)',
           'telemetry_samples_' || to_char(d, 'YYYYMMDD'), d::timestamp at time zone 'UTC',
           (d + 1)::timestamp at time zone 'UTC');
       end loop; end $$`,
  );
  await client.query(
    'alter table telemetry_samples drop constraint if exists telemetry_samples_ts_device_id_pk',
  );
  await client.query(
    'alter table telemetry_samples drop constraint if exists telemetry_samples_device_id_rms_devices_id_fk',
  );
  await client.query('drop index if exists telemetry_samples_device');
  // A solar day: sun = sin(pi·(hour−6)/12) between 06:00 and 18:00 local, the light on from dusk to dawn.
  await timed(
    client,
    'telemetry samples',
    `insert into telemetry_samples (device_id, ts, gsm_sig, bt_v, bt_ch_i, bt_dis_i, soc, pv_v, pv_i, lo_v,
                                    lo_i, brightness, lo_sts, mppt, energy_wh, temp)
     select d.id, t.ts,
            60 + (d.id * 7 + t.k) % 35,
            12.4 + t.sun * 1.1 - t.night * 0.3,
            t.sun * 4.2, t.night * 1.5,
            45 + t.sun * 45,
            17 + t.sun * 3, t.sun * 4.6,
            t.night * 12.2, t.night * 1.5, t.night * 100, t.night,
            case when t.sun > 0 then 94 + (d.id + t.k) % 5 else 0 end,
            t.k * $3::int / 60.0 * 7.5,
            27 + t.sun * 9
     from (select id from rms_devices where organization_id = $1) d
     -- the day's shape once per time step, then every device at every step
     cross join (
       select g.ts, g.k,
              greatest(0, sin(pi() * (extract(hour from g.ts at time zone 'Asia/Kolkata')
                                     + extract(minute from g.ts at time zone 'Asia/Kolkata') / 60 - 6) / 12)) as sun,
              case when extract(hour from g.ts at time zone 'Asia/Kolkata') >= 18
                     or extract(hour from g.ts at time zone 'Asia/Kolkata') < 6 then 1 else 0 end as night
       from (select date_trunc('hour', now()) - make_interval(mins => $3::int * k) as ts, k
             from generate_series(0, $2::int * 1440 / $3::int - 1) k) g
       offset 0
     ) t`,
    [organizationId, days, intervalMinutes],
  );
  await timed(
    client,
    'samples primary key',
    'alter table telemetry_samples add constraint telemetry_samples_ts_device_id_pk primary key (ts, device_id)',
  );
  await timed(
    client,
    'samples device index',
    'create index telemetry_samples_device on telemetry_samples (device_id)',
  );
  await timed(
    client,
    'samples device reference',
    `alter table telemetry_samples add constraint telemetry_samples_device_id_rms_devices_id_fk
     foreign key (device_id) references rms_devices (id)`,
  );

  // Each device's local days as the ingest keeps them: first and last sample, and the samples counted.
  await timed(
    client,
    'daily harvest',
    `insert into daily_harvest (device_id, day, harvest_wh, first_ts, last_ts, last_energy_wh, samples)
     select g.device_id, g.day, 40 + (g.device_id + extract(doy from g.day)::int) % 25, g.first_ts, g.last_ts, 0, g.n
     from (select s.device_id, (s.ts at time zone 'Asia/Kolkata')::date as day, min(s.ts) as first_ts,
                  max(s.ts) as last_ts, count(*) as n
           from telemetry_samples s
           where s.device_id in (select id from rms_devices where organization_id = $1)
           group by 1, 2) g`,
    [organizationId],
  );
  // The fleet harvest rollup over those days, as the ingest keeps it (telemetry/org-harvest.ts).
  await timed(
    client,
    'fleet harvest rollup',
    `insert into org_daily_harvest (organization_id, day, shard, harvest_mwh)
     select $1::int, h.day, h.device_id % 4, sum(round(h.harvest_wh * 1000)::bigint)
     from daily_harvest h where h.device_id in (select id from rms_devices where organization_id = $1)
     group by 2, 3`,
    [organizationId],
  );
  await timed(
    client,
    'live state',
    `insert into device_live_state (device_id, last_ts, last_seen_at, status, sample, telecom)
     select s.device_id, s.ts, s.ts,
            case when s.device_id % 20 = 0 then 'Offline' when s.device_id % 33 = 0 then 'On Error' else 'Online' end,
            jsonb_build_object('gsm_sig', s.gsm_sig, 'bt_v', s.bt_v, 'bt_ch_i', s.bt_ch_i, 'bt_dis_i', s.bt_dis_i,
              'soc', s.soc, 'pv_v', s.pv_v, 'pv_i', s.pv_i, 'lo_v', s.lo_v, 'lo_i', s.lo_i,
              'brightness', s.brightness, 'lo_sts', s.lo_sts, 'mppt', s.mppt, 'energy_wh', s.energy_wh,
              'temp', s.temp),
            'Airtel'
     from telemetry_samples s
     where s.ts = (select max(ts) from telemetry_samples)
       and s.device_id in (select id from rms_devices where organization_id = $1)`,
    [organizationId],
  );
  await timed(
    client,
    'alarms',
    `insert into alarms (device_id, kind, severity, fault_time, resolution_time)
     select d.id, (array['battery_low', 'no_charge', 'load_fault'])[1 + k % 3],
            (array['minor', 'major', 'critical'])[1 + k % 3], now() - make_interval(days => k * 5 + d.id % 4),
            case when k = 0 and d.id % 10 = 0 then null else now() - make_interval(days => k * 5 + d.id % 4 - 1) end
     from (select id from rms_devices where organization_id = $1) d
     cross join generate_series(0, least(5, $2::int / 5)) k`,
    [organizationId, days],
  );
  await client.query('analyze');
  // As autovacuum would have by the time anyone lists them (it vacuums a table after its inserts): the
  // visibility map is what lets a list's count read the index alone.
  await client.query('vacuum activations');
}
