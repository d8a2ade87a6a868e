import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { GRAPH_API, monitoringApi as M } from '@rms/contracts/api/monitoring';
import type { DeviceReportPage, GraphKind, ReportExport } from '@rms/contracts/monitoring';
import { api } from '../../api/client';
import { apiQuery, endpointKey, useInvalidatingMutation } from '../../api/queries';
import type { ActivationFilters } from '../../components/activation-filters';

// The calls of Device Report, Graph View and Map View (spec 02 §2, §3, §7), declared in contracts
// (api/monitoring.ts). The live channel refreshes the fleet views and a device's graphs through their
// endpoints (api/live-keys.ts).

export interface ReportParams extends ActivationFilters {
  /** Local days, YYYY-MM-DD, both included. */
  created_at__gte: string;
  created_at__lte: string;
}

export function deviceReportQuery(params: ReportParams & { page: number; pageSize: number }) {
  const { page, pageSize, ...filters } = params;
  const call = apiQuery(M.deviceReport, { query: { ...filters, page, page_size: pageSize } });
  return queryOptions({
    queryKey: call.queryKey,
    // A page, since the screen never asks for export_csv (the file is an export job, below).
    queryFn: async (context) => (await call.queryFn(context)) as DeviceReportPage,
    placeholderData: keepPreviousData,
  });
}

// The CSV export runs as a job on the server: started, then asked for its progress until it is done.
// The live channel leaves it alone.
/**
 * How often a running export is asked for its progress. Each ask waits on the server until the export
 * moves on (at most 2 s), so the end is known at once (bench/api/export.ts asks the same way).
 */
export const EXPORT_POLL_MS = 100;

/** Starts the CSV export of the report's rows (the same filters and days, every page). */
export function useStartExport() {
  const client = useQueryClient();
  return useInvalidatingMutation(
    async (params: ReportParams) => {
      const job = await api(M.startExport, { body: params });
      // Followed from this answer on; the list of exports is reloaded with the rest of the area.
      client.setQueryData(reportExportQuery(job.id).queryKey, job);
      return job;
    },
    [M.startExport.area],
  );
}

/** One export; while it runs, asked again (waiting for its next step) every EXPORT_POLL_MS. */
export function reportExportQuery(id: string) {
  const queryKey = endpointKey(M.reportExport, { params: { id }, query: {} });
  return queryOptions({
    queryKey,
    queryFn: ({ signal, client }) => {
      const running = client.getQueryData<ReportExport>(queryKey)?.status === 'running';
      return api(M.reportExport, { params: { id }, query: running ? { wait: 'true' } : {} }, { signal });
    },
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });
}

/** The user's newest exports still kept, newest first: one left running is found again on return. */
export const reportExportsQuery = () => queryOptions(apiQuery(M.reportExports, {}));

export interface GraphParams extends ActivationFilters {
  device: number;
  start_date: string;
  end_date: string;
  /** About twice the chart's width in pixels: the server keeps the min and max per time bucket. */
  points: number;
}

export function graphQuery(tab: GraphKind, params: GraphParams) {
  return queryOptions({
    ...apiQuery(GRAPH_API[tab], { query: { ...params, pagination: 'false' } }),
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
  const call = apiQuery(M.compactMap, { query: { ...params } });
  return queryOptions({
    queryKey: call.queryKey,
    queryFn: async ({ signal }) => {
      const last = lastMapLoad.get(id);
      if (last !== undefined) await waitUntil(last + MAP_REFETCH_MS, signal);
      lastMapLoad.set(id, Date.now());
      return call.queryFn({ signal });
    },
    placeholderData: keepPreviousData,
    staleTime: MAP_REFETCH_MS,
    // 100,000 markers: no deep comparison with the previous answer, the map rebuilds its index anyway.
    structuralSharing: false,
  });
}

/** One marker's card details, when it is hovered; kept a short while (the map reloads on news anyway). */
export function mapMarkerQuery(device: number) {
  return queryOptions({ ...apiQuery(M.mapMarker, { params: { device } }), staleTime: 15_000 });
}
