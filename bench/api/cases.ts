import { activationListQuery } from '@rms/contracts/activations';
import { deviceReportQuery, graphQuery, harvestQuery, mapQuery } from '@rms/contracts/monitoring';
import type { AuthUser } from '../../apps/server/src/auth/access';
import type { Db } from '../../apps/server/src/db/client';
import { listActivations } from '../../apps/server/src/modules/activations/service';
import { graphOf } from '../../apps/server/src/modules/monitoring/graph-service';
import { harvestOf } from '../../apps/server/src/modules/monitoring/harvest-service';
import { compactMapJson, mapJson } from '../../apps/server/src/modules/monitoring/map-service';
import { reportPage } from '../../apps/server/src/modules/monitoring/report-service';
import { DEFAULT_STORAGE } from '../../apps/server/src/telemetry/storage/settings';

// What bench/api measures: each case is a console call (path and query as the console sends them) and
// its bare twin, the same service function (so the same SQL) with the query parsed once up front and
// no token check, validation or response schema. The ratio of the two is what the API layer costs.

export interface BenchContext {
  db: Db;
  auth: AuthUser;
  timeZone: string;
  /** A device of the fleet (inventory id), for per-device calls. */
  device: number;
  today: string;
}

export interface BenchCase {
  name: string;
  /** Path and query under /api/v1/. */
  path: (c: BenchContext) => string;
  /** The same work without the API layer; answers what the route would send. */
  bare: (c: BenchContext) => () => Promise<unknown>;
  /** Its share of the mixed load: how often the console asks relative to the other cases. */
  weight: number;
}

function monthsBefore(day: string, months: number): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - months, 1));
  return d.toISOString().slice(0, 10);
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

const activationParams = { page: 1, page_size: 20, is_parameter_data: 'true' };
const harvestParams = (c: BenchContext) => ({ start_date: monthsBefore(c.today, 11), end_date: c.today });
const weekParams = (c: BenchContext) => ({
  device: c.device,
  start_date: daysBefore(c.today, 6),
  end_date: c.today,
  points: 2000,
});
const reportParams = (c: BenchContext) => ({
  created_at__gte: daysBefore(c.today, 6),
  created_at__lte: c.today,
  page: 1,
  page_size: 20,
});
const TILES = { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: 'OpenStreetMap' };

export const CASES: BenchCase[] = [
  {
    name: 'activation list (page 1 of 20)',
    weight: 30,
    path: () => `devices/activation/?${query(activationParams)}`,
    bare: (c) => {
      const q = activationListQuery.parse(activationParams);
      return () => listActivations(c.db, c.auth, q);
    },
  },
  {
    name: 'fleet harvest, 12 months',
    weight: 10,
    path: (c) => `monitoring/harvest/?${query(harvestParams(c))}`,
    bare: (c) => {
      const q = harvestQuery.parse(harvestParams(c));
      return () => harvestOf(c.db, c.auth, q);
    },
  },
  {
    name: 'map, every device',
    weight: 10,
    path: () => 'monitoring/map/',
    bare: (c) => {
      const q = mapQuery.parse({});
      return () => mapJson(c.db, c.auth, q, TILES);
    },
  },
  {
    name: 'graph (power), 7 days, one device',
    weight: 30,
    path: (c) => `monitoring/graph/power/?${query(weekParams(c))}`,
    bare: (c) => {
      const q = graphQuery.parse(weekParams(c));
      return () => graphOf(c.db, c.timeZone, DEFAULT_STORAGE, c.auth, 'power', q);
    },
  },
  {
    name: 'device report, page 1, fleet, 7 days',
    weight: 20,
    path: (c) => `monitoring/device_report/?${query(reportParams(c))}`,
    bare: (c) => {
      const q = deviceReportQuery.parse(reportParams(c));
      return () => reportPage(c.db, c.timeZone, DEFAULT_STORAGE, c.auth, q);
    },
  },
  {
    // The console's map screen asks for this one (the one above is the spec's API for other clients).
    // With the fleet unchanged, the app answers every request after the first with the body kept
    // under its ETag (map-bodies.ts); the bare twin builds the map each time, as after a change.
    name: 'map, compact (the console), kept',
    weight: 10,
    path: () => 'monitoring/map/compact/',
    bare: (c) => {
      const q = mapQuery.parse({});
      return () => compactMapJson(c.db, c.auth, q, TILES);
    },
  },
];
