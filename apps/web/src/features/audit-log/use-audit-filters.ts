import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '@rms/contracts/messages';

// The audit log's filters and page, kept in the URL so that a reload, Back and a shared link show the
// same rows. Values are sent as the API takes them; the server validates them (and names a bad one).

export interface AuditFilters {
  actor?: string;
  area?: string;
  action?: string;
  record?: string;
  organization?: number;
  outcome?: 'success' | 'failure';
  created_at__gte?: string;
  created_at__lte?: string;
}

const TEXT = ['actor', 'area', 'action', 'record', 'created_at__gte', 'created_at__lte'] as const;

export function useAuditFilters() {
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = {};
  for (const name of TEXT) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const organization = Number(params.get('organization'));
  if (Number.isInteger(organization) && organization > 0) filters.organization = organization;
  const outcome = params.get('outcome');
  if (outcome === 'success' || outcome === 'failure') filters.outcome = outcome;
  const page = Math.max(1, Number(params.get('page')) || 1);

  /** New filters: the list starts again at page 1. */
  const apply = (next: AuditFilters) =>
    setParams(() => {
      const updated = new URLSearchParams();
      for (const [name, value] of Object.entries(next))
        if (value !== undefined && value !== null && String(value).trim() !== '')
          updated.set(name, String(value).trim());
      return updated;
    });

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return { filters, page, pageSize: PAGE_SIZE, apply, setPage };
}
