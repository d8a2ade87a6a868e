import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { dashboardApi as D } from '@rms/contracts/api/dashboard';
import { organizationApi as O } from '@rms/contracts/api/organizations';
import { apiPage, apiQuery } from '../../api/queries';
import type { MonthRangeDays } from '../../lib/month-range';

// The dashboard's calls (spec 01 §7). The company panels are queries of the organizations area
// (contracts api/organizations.ts), so saving an organization reloads them.

export const companyCountsQuery = queryOptions(apiQuery(O.dashboardCounts, {}));

export const recentCompaniesQuery = queryOptions(apiPage(O.recent, { page_size: 5 }));

// The fleet panels (spec 01 §7), declared in contracts (api/dashboard.ts); the live channel refreshes
// them through their endpoints (api/live-keys.ts).

export type DashboardAlarmTab = 'today' | 'unresolved' | 'resolved';
const TAB_QUERY = {
  today: { is_today: 'true' },
  unresolved: { is_solve: 'false' },
  resolved: { is_solve: 'true' },
} as const;
export const dashboardAlarmsQuery = (tab: DashboardAlarmTab) =>
  queryOptions(apiQuery(D.alarms, { query: { page_size: 5, ...TAB_QUERY[tab] } }));

export const fleetHarvestQuery = (range: MonthRangeDays) =>
  queryOptions({
    ...apiQuery(D.harvest, { query: { pagination: 'false', ...range } }),
    placeholderData: keepPreviousData,
  });

export const inventoryCountsQuery = queryOptions(apiQuery(D.inventory, { query: { pagination: 'false' } }));

export interface SummaryFilters {
  project?: string | undefined;
  state?: number | undefined;
  city?: number | undefined;
}
export const deviceSummaryQuery = (filters: SummaryFilters) =>
  queryOptions({
    ...apiQuery(D.summary, { query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
