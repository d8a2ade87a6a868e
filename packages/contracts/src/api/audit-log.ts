import { auditList, auditListQuery } from '../audit-log';
import { endpoint } from '../endpoint';
import { accessOf } from '../routes';

// The audit log (ours): every write through the API that succeeded, and every failed sign-in. The
// provider's people holding VIEW_AUDIT_LOG see all rows; an organization's, only their organization's.

export const auditLogApi = {
  list: endpoint({
    area: 'audit-log',
    method: 'GET',
    path: '/admin_settings/audit_log/',
    access: accessOf('/audit-log'),
    summary:
      'Audit rows the caller may see, newest first; filters: actor, user, api_key, area, action, record, organization, outcome, created_at__gte/__lte',
    query: auditListQuery,
    response: auditList,
  }),
};
