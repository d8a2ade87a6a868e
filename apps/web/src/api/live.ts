import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { eventsApi } from '@rms/contracts/api/events';
import { endpointPath } from '@rms/contracts/endpoint';
import type { LiveMessage, LiveStateEvent } from '@rms/contracts/events';
import { LIVE_EVENT_NAMES } from '@rms/contracts/events';
import type { LiveReport } from '@rms/contracts/monitoring';
import { ApiError } from './errors';
import { liveKeys, liveQueries } from './live-keys';
import { renewAccessToken, validAccessToken } from './token-refresh';
import { apiUrl } from './transport';

// The live channel (GET /api/v1/events/, see @rms/contracts/events): one connection per tab, opened by
// useLiveEvents() in the signed-in shell. Fetch streaming rather than EventSource, which cannot send
// the Authorization header. Each event refreshes the queries of the screens that show its device
// (keys in ./live-keys.ts): the device's own queries at once (its live report is patched first, so
// status and last update change without waiting), alarm lists and fleet-wide views at most every
// few seconds. The connection reopens with backoff; a 401 renews the access token first; the server
// ends the stream when the token expires, and it is reopened at once with a fresh one. After each
// reopening every monitoring query is refreshed, since events may have been missed meanwhile.

export type LiveStatus = 'off' | 'connecting' | 'connected' | 'reconnecting';

/** Backoff between attempts: 1 s doubling to 30 s, with jitter. */
export const LIVE_RETRY = { firstMs: 1000, maxMs: 30_000 };
/** Least time between two refreshes of the alarm lists, and of the fleet-wide views. */
export const LIVE_REFRESH = { alarmsMs: 2000, fleetMs: 15_000 };

// ---- status, for a small indicator

let status: LiveStatus = 'off';
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function subscribeStatus(listener: () => void) {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Whether the live channel is connected (or trying again). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, () => status);
}

// ---- events, for screens that patch their own data (the map's markers)

const eventListeners = new Set<(message: LiveMessage) => void>();

/** Calls `listener` with every live message until the returned function is called. */
export function subscribeLiveEvents(listener: (message: LiveMessage) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

// ---- the hook

/** Keeps the live channel open while mounted (once, in the signed-in shell). */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => connectLive(queryClient), [queryClient]);
}

class StreamRefused extends Error {
  constructor(readonly status: number) {
    super(`live channel refused: ${status}`);
  }
}
class StreamEnded extends Error {}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Opens the channel and keeps it open until the returned function is called. */
export function connectLive(queryClient: QueryClient): () => void {
  const abort = new AbortController();
  const apply = liveUpdater(queryClient);
  let failures = 0;
  let opened = false;
  let openedAt = 0;

  const attempt = async (): Promise<'again' | 'stop'> => {
    let token: string | null;
    try {
      token = await validAccessToken();
    } catch (error) {
      // The refresh token was refused: the session is over, and the next API call says so.
      return error instanceof ApiError && error.kind === 'unauthorized' ? 'stop' : 'again';
    }
    if (!token) return 'stop';
    try {
      await fetchEventSource(apiUrl(endpointPath(eventsApi.stream)), {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: abort.signal,
        openWhenHidden: true,
        onopen: async (response) => {
          const type = response.headers.get('content-type') ?? '';
          if (!response.ok || !type.startsWith('text/event-stream')) throw new StreamRefused(response.status);
          failures = 0;
          // Events of the time without a connection are lost: refresh what the screens show.
          if (opened) void queryClient.invalidateQueries(liveQueries.all);
          opened = true;
          openedAt = Date.now();
          setStatus('connected');
        },
        onmessage: (message) => {
          const parsed = parse(message);
          if (!parsed) return;
          apply(parsed);
          for (const listener of eventListeners) listener(parsed);
        },
        onclose: () => {
          throw new StreamEnded();
        },
        onerror: (error: unknown) => {
          throw error; // no retry inside the library: the loop below decides
        },
      });
    } catch (error) {
      if (abort.signal.aborted) return 'stop';
      // The token expired on the server (its stream ends, or it refuses a token this clock thought
      // good): renew it and reopen at once.
      // A stream that ends as soon as it opens counts as a failure, so it is not reopened in a tight loop.
      if (error instanceof StreamEnded && Date.now() - openedAt > LIVE_RETRY.firstMs) return 'again';
      if (error instanceof StreamRefused && error.status === 401) {
        try {
          await renewAccessToken(token);
        } catch (renewal) {
          if (renewal instanceof ApiError && renewal.kind === 'unauthorized') return 'stop';
        }
      }
      // Not allowed: asking again will not change that.
      if (error instanceof StreamRefused && error.status === 403) return 'stop';
    }
    failures += 1;
    return 'again';
  };

  void (async () => {
    setStatus('connecting');
    while (!abort.signal.aborted) {
      const next = await attempt();
      if (abort.signal.aborted) break;
      if (next === 'stop') {
        setStatus('off');
        return;
      }
      if (failures > 0) {
        setStatus('reconnecting');
        const delay = Math.min(LIVE_RETRY.firstMs * 2 ** (failures - 1), LIVE_RETRY.maxMs);
        await sleep(delay * (0.75 + Math.random() / 2), abort.signal);
      }
    }
  })();

  return () => {
    abort.abort();
    setStatus('off');
  };
}

function parse(message: EventSourceMessage): LiveMessage | null {
  if (!(LIVE_EVENT_NAMES as readonly string[]).includes(message.event)) return null;
  try {
    return { event: message.event, data: JSON.parse(message.data) } as LiveMessage;
  } catch {
    return null;
  }
}

/** What one message does to the query cache. */
export function liveUpdater(queryClient: QueryClient): (message: LiveMessage) => void {
  const alarms = throttled(queryClient, liveQueries.alarms, LIVE_REFRESH.alarmsMs);
  const fleet = throttled(queryClient, liveQueries.fleet, LIVE_REFRESH.fleetMs);
  return (message) => {
    switch (message.event) {
      case 'live':
        patchLiveReport(queryClient, message.data);
        void queryClient.invalidateQueries(liveQueries.device(message.data.device));
        fleet();
        break;
      case 'alarm':
        void queryClient.invalidateQueries(liveQueries.device(message.data.device_data.id));
        alarms();
        break;
      case 'command':
        void queryClient.invalidateQueries(liveQueries.device(message.data.device));
        // The parameter settings screen shows its command's status (features/parameters/api.ts).
        if (message.data.kind === 'parameters' || message.data.kind === 'bulk_parameter') {
          void queryClient.invalidateQueries({ queryKey: liveKeys.parameterSetting(message.data.device) });
        }
        break;
      case 'notification':
        // The bell's count at once; its list (and the notification pages) reload.
        queryClient.setQueryData(liveKeys.unread, { unread: message.data.unread });
        void queryClient.invalidateQueries({ queryKey: liveKeys.notifications });
        break;
    }
  };
}

/** The live report shows the new status and time at once; its refetch brings the rest. */
function patchLiveReport(queryClient: QueryClient, data: LiveStateEvent) {
  queryClient.setQueriesData<LiveReport>({ queryKey: liveKeys.liveReport(data.device) }, (report) =>
    report && typeof report === 'object' && 'status' in report
      ? {
          ...report,
          status: data.status,
          last_update: data.last_update,
          signal_strength: data.signal_strength ?? report.signal_strength,
        }
      : report,
  );
}

/** Invalidates the queries `filters` match at most once per `ms`; the last call of a burst is never lost. */
function throttled(queryClient: QueryClient, filters: QueryFilters, ms: number): () => void {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    last = Date.now();
    void queryClient.invalidateQueries(filters);
  };
  return () => {
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
}
