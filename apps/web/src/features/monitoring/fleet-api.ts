import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceReportPage,
  GraphKind,
  GraphPoint,
  MapResponse,
  ReportExport,
} from '@rms/contracts/monitoring';
import { get, post } from '../../api/client';
import type { ActivationFilters } from '../../components/activation-filters';

// The calls of Device Report, Graph View and Map View (spec 02 §2, §3, §7). Keys sit under the live
// channel's prefixes (api/live-keys.ts): the fleet views under ['monitoring', 'fleet'], a device's
// graphs under ['monitoring', 'device', id], so live events refresh them.

const FLEET = ['monitoring', 'fleet'] as const;

export interface ReportParams extends ActivationFilters {
  /** Local days, YYYY-MM-DD, both included. */
  created_at__gte: string;
  created_at__lte: string;
}

export function deviceReportQuery(params: ReportParams & { page: number; pageSize: number }) {
  const { page, pageSize, ...filters } = params;
  return queryOptions({
    queryKey: [...FLEET, 'device-report', params],
    queryFn: ({ signal }) =>
      get<DeviceReportPage>('monitoring/device_report/', {
        query: { ...filters, page, page_size: pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

// The CSV export runs as a job on the server: started, then asked for its progress until it is done.
// Not under the fleet's keys: live events need not refresh it.
const EXPORTS = ['monitoring', 'report-exports'] as const;
/**
 * How often a running export is asked for its progress. Each ask waits on the server until the export
 * moves on (at most 2 s), so the end is known at once (bench/api/export.ts asks the same way).
 */
export const EXPORT_POLL_MS = 100;

/** Starts the CSV export of the report's rows (the same filters and days, every page). */
export function useStartExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ReportParams) => post<ReportExport>('monitoring/device_report/export/', params),
    onSuccess: (job) => {
      client.setQueryData(reportExportQuery(job.id).queryKey, job);
      void client.invalidateQueries({ queryKey: [...EXPORTS, 'list'] });
    },
  });
}

/** One export; while it runs, asked again (waiting for its next step) every EXPORT_POLL_MS. */
export function reportExportQuery(id: string) {
  const queryKey = [...EXPORTS, id] as const;
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) => {
      const running = client.getQueryData<ReportExport>(queryKey)?.status === 'running';
      return get<ReportExport>(`monitoring/device_report/export/${id}/`, {
        query: running ? { wait: true } : undefined,
        signal,
      });
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });
}

/** The user's newest exports still kept, newest first: one left running is found again on return. */
export const reportExportsQuery = () =>
  queryOptions({
    queryKey: [...EXPORTS, 'list'],
    queryFn: ({ signal }) => get<ReportExport[]>('monitoring/device_report/export/', { signal }),
  });

export interface GraphParams extends ActivationFilters {
  device: number;
  start_date: string;
  end_date: string;
  /** About twice the chart's width in pixels: the server keeps the min and max per time bucket. */
  points: number;
}

export function graphQuery(tab: GraphKind, params: GraphParams) {
  return queryOptions({
    queryKey: ['monitoring', 'device', params.device, 'graph', tab, params],
    queryFn: ({ signal }) =>
      get<GraphPoint[]>(`monitoring/graph/${tab}/`, {
        query: { ...params, pagination: false },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Live events invalidate the fleet often; the map (up to 100,000 devices) refetches at most this often. */
export const MAP_REFETCH_MS = 10_000;

const lastMapLoad = new Map<string, number>();

/** Resolves at the time `at` (at once when it has passed); rejects when aborted. */
function waitUntil(at: number, signal: AbortSignal): Promise<void> {
  const ms = at - Date.now();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}

/**
 * The map's devices. A reload of the same filters (a live invalidation) waits until MAP_REFETCH_MS
 * after the previous load: a throttle, so a busy fleet does not rebuild the map every second; new
 * filters load at once.
 */
export function mapQuery(params: ActivationFilters & { query?: string | undefined }) {
  const id = JSON.stringify(params);
  return queryOptions({
    queryKey: [...FLEET, 'map', params],
    queryFn: async ({ signal }) => {
      const last = lastMapLoad.get(id);
      if (last !== undefined) await waitUntil(last + MAP_REFETCH_MS, signal);
      lastMapLoad.set(id, Date.now());
      return get<MapResponse>('monitoring/map/', { query: { ...params }, signal });
    },
    placeholderData: keepPreviousData,
    staleTime: MAP_REFETCH_MS,
    // 100,000 markers: no deep comparison with the previous answer, the map rebuilds its index anyway.
    structuralSharing: false,
  });
}
