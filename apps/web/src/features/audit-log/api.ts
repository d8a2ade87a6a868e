import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditLogApi as A } from '@rms/contracts/api/audit-log';
import { apiPage } from '../../api/queries';
import type { AuditFilters } from './use-audit-filters';

// The audit log's one call, declared in contracts (api/audit-log.ts).

export function auditLogQuery(filters: AuditFilters, page: number, pageSize: number) {
  return queryOptions({
    ...apiPage(A.list, { ...filters, page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}
