import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DashboardAlarm, DeviceSummary, InventoryCounts } from '@rms/contracts/dashboard';
import type { Paged } from '@rms/contracts/common';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { get } from '../../api/client';
import { liveKeys } from '../../api/live-keys';
import type { HarvestPoint, MonthRangeDays } from '../../lib/month-range';

// The dashboard's own calls (spec 01 §7).

export interface CompanyCounts {
  active_companies: number;
  expired_count: number;
  deactivated_companies: number;
}

export const companyCountsQuery = queryOptions({
  queryKey: ['dashboard', 'companies'],
  queryFn: ({ signal }) =>
    get<CompanyCounts>('admin_settings/dashboard_companies/', { query: { pagination: 'false' }, signal }),
});

export const recentCompaniesQuery = queryOptions({
  queryKey: ['dashboard', 'recent-companies'],
  queryFn: ({ signal }) =>
    get<Paged<OrganizationRow>>('admin_settings/recent_companies/', { query: { page_size: 5 }, signal }),
});

// The fleet panels (spec 01 §7), under ['monitoring', 'fleet'] and ['monitoring', 'alarms'] so the live
// channel refreshes them.

export type DashboardAlarmTab = 'today' | 'unresolved' | 'resolved';
const TAB_QUERY: Record<DashboardAlarmTab, Record<string, string>> = {
  today: { is_today: 'true' },
  unresolved: { is_solve: 'false' },
  resolved: { is_solve: 'true' },
};
export const dashboardAlarmsQuery = (tab: DashboardAlarmTab) =>
  queryOptions({
    queryKey: liveKeys.alarmList('dashboard', tab),
    queryFn: ({ signal }) =>
      get<{ results: DashboardAlarm[] }>('admin_settings/alarms/', {
        query: { page_size: 5, ...TAB_QUERY[tab] },
        signal,
      }),
  });

export const fleetHarvestQuery = (range: MonthRangeDays) =>
  queryOptions({
    queryKey: liveKeys.fleetWhat('harvest', range),
    queryFn: ({ signal }) =>
      get<HarvestPoint[]>('admin_settings/harvest_report/', {
        query: { pagination: false, ...range },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const inventoryCountsQuery = queryOptions({
  queryKey: liveKeys.fleetWhat('inventory'),
  queryFn: ({ signal }) =>
    get<InventoryCounts>('admin_settings/dashboard_inventory/', { query: { pagination: false }, signal }),
});

export interface SummaryFilters {
  project?: string | undefined;
  state?: number | undefined;
  city?: number | undefined;
}
export const deviceSummaryQuery = (filters: SummaryFilters) =>
  queryOptions({
    queryKey: liveKeys.fleetWhat('summary', filters),
    queryFn: ({ signal }) => get<DeviceSummary>('dashboard/summary/', { query: { ...filters }, signal }),
    placeholderData: keepPreviousData,
  });
