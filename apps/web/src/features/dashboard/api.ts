import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@rms/contracts/common';
import type { OrganizationRow } from '@rms/contracts/organizations';
import { get } from '../../api/client';

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
