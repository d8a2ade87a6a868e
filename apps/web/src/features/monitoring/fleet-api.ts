import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  DeviceReportPage,
  GraphKind,
  GraphPoint,
  MapResponse,
  ReportFile,
} from '@rms/contracts/monitoring';
import { get } from '../../api/client';
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

/** The CSV export of the same rows: the server stores the file and answers its name and link. */
export function useExportReport() {
  return useMutation({
    mutationFn: (params: ReportParams) =>
      get<ReportFile>('monitoring/device_report/', {
        query: { ...params, export_csv: true },
      }),
  });
}

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
