import { QueryClient, type QueryFilters, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  companyCountsQuery,
  dashboardAlarmsQuery,
  deviceSummaryQuery,
  fleetHarvestQuery,
  inventoryCountsQuery,
} from '../features/dashboard/api';
import {
  alarmListQuery,
  alarmStatusQuery,
  deviceHarvestQuery,
  deviceSearchQuery,
  liveReportQuery,
  loadStatusQuery,
  mpptQuery,
} from '../features/monitoring/api';
import {
  deviceReportQuery,
  graphQuery,
  mapQuery,
  reportExportQuery,
  reportExportsQuery,
} from '../features/monitoring/fleet-api';
import { alarmCountsQuery } from '../components/alarm-severity';
import { liveKeys, liveQueries } from './live-keys';

// The screens key their queries by endpoint and know nothing of the live channel; live-keys.ts finds
// them. Each screen's query, as the screen builds it, is refreshed by exactly the news that changes it.

const DEVICE = 5;
const months = { start_date: '2026-01-01', end_date: '2026-03-31' };
const days = { created_at__gte: '2026-03-01', created_at__lte: '2026-03-07' };
const graph = { device: DEVICE, start_date: '2026-03-01', end_date: '2026-03-07', points: 800 };

const screens: Record<string, QueryKey> = {
  'live report': liveReportQuery(DEVICE).queryKey,
  mppt: mpptQuery(DEVICE).queryKey,
  'alarm status': alarmStatusQuery(DEVICE).queryKey,
  'device harvest': deviceHarvestQuery(DEVICE, months).queryKey,
  'load status': loadStatusQuery(DEVICE).queryKey,
  'power graph': graphQuery('power', graph).queryKey,
  'load graph': graphQuery('load', graph).queryKey,
  'alarms view': alarmListQuery({ page: 1, pageSize: 20, device: DEVICE }).queryKey,
  'dashboard alarms': dashboardAlarmsQuery('unresolved').queryKey,
  'alarm counts': alarmCountsQuery().queryKey,
  "a device's alarm counts": alarmCountsQuery(DEVICE).queryKey,
  'device report': deviceReportQuery({ ...days, device: DEVICE, page: 1, pageSize: 20 }).queryKey,
  map: mapQuery({ device: DEVICE }).queryKey,
  'device summary': deviceSummaryQuery({}).queryKey,
  inventory: inventoryCountsQuery.queryKey,
  'fleet harvest': fleetHarvestQuery(months).queryKey,
  'report export': reportExportQuery('7d1c2b5e-0000-4000-8000-000000000001').queryKey,
  'report exports': reportExportsQuery().queryKey,
  'company counts': companyCountsQuery.queryKey,
  'device search': deviceSearchQuery('').queryKey,
};

/** The screens whose queries the filters match. */
function refreshed(filters: QueryFilters): string[] {
  const client = new QueryClient();
  for (const [name, queryKey] of Object.entries(screens)) client.setQueryData(queryKey, name);
  return client
    .getQueryCache()
    .findAll(filters)
    .map((query) => query.state.data as string)
    .sort();
}

describe('what the live channel refreshes', () => {
  it("a device's news: its analysis screen, load status and graphs, and no other device's", () => {
    expect(refreshed(liveQueries.device(DEVICE))).toEqual(
      [
        'alarm status',
        'device harvest',
        'live report',
        'load graph',
        'load status',
        'mppt',
        'power graph',
      ].sort(),
    );
    expect(refreshed(liveQueries.device(DEVICE + 1))).toEqual([]);
  });

  it("patches the device's live report the analysis screen shows", () => {
    expect(refreshed({ queryKey: liveKeys.liveReport(DEVICE) })).toEqual(['live report']);
  });

  it('alarm news: the alarm lists and the counts by severity (dashboard, alarms view, a device, the map)', () => {
    expect(refreshed(liveQueries.alarms)).toEqual(
      ["a device's alarm counts", 'alarm counts', 'alarms view', 'dashboard alarms'].sort(),
    );
  });

  it("live states: the fleet's views", () => {
    expect(refreshed(liveQueries.fleet)).toEqual(
      ['device report', 'device summary', 'fleet harvest', 'inventory', 'map'].sort(),
    );
  });

  it('a reopened channel: every monitoring and dashboard panel query, not the company panels', () => {
    expect(refreshed(liveQueries.all)).toEqual(
      Object.keys(screens)
        .filter((name) => name !== 'company counts' && name !== 'device search')
        .sort(),
    );
  });
});
