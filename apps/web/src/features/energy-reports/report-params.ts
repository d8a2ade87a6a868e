import { useSearchParams } from 'react-router';
import type { EnergyReportQuery } from '@rms/contracts/energy-reports';
import { wallClock } from '../../lib/clock';
import { DEFAULT_ORDERING, isEnergyOrdering } from './device-ordering';

// The report's month, organization, project, group and table page in the URL: reload and back keep
// them, and the monthly e-mail links here with ?month=…&organization=…&project=….

export const DEVICE_PAGE_SIZES = [20, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = DEVICE_PAGE_SIZES[0];

/** The month before the current one (YYYY-MM, the deployment's calendar): the last closed month. */
export const lastMonth = (now = wallClock()) => now.subtract(1, 'month').format('YYYY-MM');

const id = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

type Changes = Partial<Omit<EnergyReportQuery, 'month'> & { month: string }>;

export function useReportParams() {
  const [params, setParams] = useSearchParams();
  const askedMonth = params.get('month') ?? '';
  const asked = Number(params.get('page_size'));
  const ordering = params.get('ordering');
  const query: EnergyReportQuery = {
    month: /^\d{4}-(0[1-9]|1[0-2])$/.test(askedMonth) ? askedMonth : lastMonth(),
    organization: id(params.get('organization')),
    project: params.get('project')?.trim() || undefined,
    group: id(params.get('group')),
    page: id(params.get('page')) ?? 1,
    page_size: (DEVICE_PAGE_SIZES as readonly number[]).includes(asked) ? asked : DEFAULT_PAGE_SIZE,
    ordering: isEnergyOrdering(ordering) ? ordering : DEFAULT_ORDERING,
  };

  /** Changes some of them; anything but the page itself starts the table again at page 1. */
  const change = (changes: Changes) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        const isDefault =
          (key === 'page' && value === 1) ||
          (key === 'page_size' && value === DEFAULT_PAGE_SIZE) ||
          (key === 'ordering' && value === DEFAULT_ORDERING);
        if (value === undefined || value === null || value === '' || isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });

  return { query, change };
}
