import { useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlarmEvent, CommandEvent, LiveStateEvent } from '@rms/contracts/events';
import { readTokens } from '../auth/session-store';
import { makeToken, signIn } from '../test-utils/fixtures';
import { TestProviders } from '../test-utils/render';
import { LIVE_REFRESH, LIVE_RETRY, useLiveEvents, useLiveStatus } from './live';
import { liveKeys } from './live-keys';

// The live hook against a fake event stream: what a screen under it shows when events come in, and
// how the channel recovers (server ends the stream, refuses the token, cannot be reached).

interface FakeStream {
  send(event: string, data: unknown): void;
  end(): void;
}

const encoder = new TextEncoder();
let streams: FakeStream[];
let answers: ((authorization: string | null) => Response | Promise<Response>)[];
let seenAuth: (string | null)[];
let counts: Record<string, number>;
/** The device's status on the fake server; a reload after the first one waits for `release`. */
let server: { status: string; release: Promise<void> };

function openStream(): Response {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  streams.push({
    send: (event, data) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => controller.close(),
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  streams = [];
  answers = [];
  seenAuth = [];
  counts = {};
  server = { status: 'Online', release: Promise.resolve() };
  LIVE_RETRY.firstMs = 5;
  LIVE_REFRESH.alarmsMs = 0;
  LIVE_REFRESH.fleetMs = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1\//, '');
      if (path === 'events/') {
        const authorization = new Headers(init.headers).get('authorization');
        seenAuth.push(authorization);
        const answer = answers.shift();
        return answer ? answer(authorization) : openStream();
      }
      if (path === 'token/refresh/')
        return json(200, { access: makeToken(600, 'renewed'), refresh: 'refresh-2' });
      return json(404, { detail: 'Not Found' });
    }),
  );
});
afterEach(() => {
  LIVE_RETRY.firstMs = 1000;
  LIVE_REFRESH.alarmsMs = 2000;
  LIVE_REFRESH.fleetMs = 15_000;
});

const DEVICE = 5;

/** A screen in the signed-in shell: the device's live report and the alarm list, each counting its loads. */
function Screen() {
  useLiveEvents();
  const status = useLiveStatus();
  const report = useQuery({
    queryKey: liveKeys.liveReport(DEVICE),
    queryFn: async () => {
      counts.report = (counts.report ?? 0) + 1;
      const loads = counts.report;
      await server.release;
      return {
        status: server.status,
        last_update: '2026-11-22T10:00:00.000Z',
        signal_strength: 50,
        loads,
      };
    },
  });
  const alarms = useQuery({
    queryKey: [...liveKeys.alarms, 'list'],
    queryFn: () => {
      counts.alarms = (counts.alarms ?? 0) + 1;
      return { loads: counts.alarms };
    },
  });
  return (
    <div>
      <p>channel: {status}</p>
      <p>device status: {report.data?.status}</p>
      <p>report loads: {report.data?.loads ?? 0}</p>
      <p>alarm loads: {alarms.data?.loads ?? 0}</p>
    </div>
  );
}

const live = (over: Partial<LiveStateEvent> = {}): LiveStateEvent => ({
  device: DEVICE,
  device_id: 'RMS-5',
  status: 'On Error',
  last_update: '2026-11-22T10:05:00.000Z',
  battery_voltage: 12.1,
  soc: 15,
  load_on: true,
  pv_power: 20,
  signal_strength: 60,
  ...over,
});

function show() {
  render(
    <TestProviders>
      <Screen />
    </TestProviders>,
  );
}

describe('useLiveEvents', () => {
  it("opens one channel with the bearer token and brings the device's news onto the screen", async () => {
    signIn();
    show();
    expect(await screen.findByText('channel: connected')).toBeInTheDocument();
    expect(await screen.findByText('device status: Online')).toBeInTheDocument();
    expect(seenAuth).toEqual([`Bearer ${readTokens()!.access}`]);

    // The status shows at once, before the report's reload (held back here) brings the rest.
    let release!: () => void;
    server = { status: 'On Error', release: new Promise((resolve) => (release = resolve)) };
    act(() => streams[0]!.send('live', live()));
    expect(await screen.findByText('device status: On Error')).toBeInTheDocument();
    expect(screen.getByText('report loads: 1')).toBeInTheDocument();
    release();
    expect(await screen.findByText('report loads: 2')).toBeInTheDocument();

    const alarm: AlarmEvent = {
      id: 9,
      fault_type: 'Battery low',
      fault_time: '2026-11-22T10:05:00.000Z',
      resolution_time: null,
      status: 'Unresolved',
      kind: 'battery_low',
      severity: 'minor',
      acknowledged_at: null,
      device_data: { id: DEVICE, device_id: 'RMS-5' },
    };
    act(() => streams[0]!.send('alarm', alarm));
    expect(await screen.findByText('alarm loads: 2')).toBeInTheDocument();

    const command: CommandEvent = {
      id: 3,
      device: DEVICE,
      device_id: 'RMS-5',
      kind: 'load',
      status: 'sent',
      error: null,
    };
    act(() => streams[0]!.send('command', command));
    expect(await screen.findByText('report loads: 4')).toBeInTheDocument();
    // Another device's news leaves this screen alone.
    act(() => streams[0]!.send('command', { ...command, device: DEVICE + 1 }));
    act(() => streams[0]!.send('live', live({ device: DEVICE + 1, status: 'Offline' })));
    expect(await screen.findByText('device status: On Error')).toBeInTheDocument();
    expect(screen.getByText('report loads: 4')).toBeInTheDocument();
    expect(streams).toHaveLength(1);
  });

  it('renews the access token when the channel refuses it, and reopens', async () => {
    signIn();
    answers.push(() => json(401, { detail: 'Given token not valid for any token type' }));
    show();
    expect(await screen.findByText('channel: connected')).toBeInTheDocument();
    expect(seenAuth).toHaveLength(2);
    expect(seenAuth[1]).toBe(`Bearer ${readTokens()!.access}`);
    expect(readTokens()!.refresh).toBe('refresh-2');
  });

  it('reopens when the server ends the stream or cannot be reached, and refreshes what the screen shows', async () => {
    signIn();
    answers.push(() => Promise.reject(new TypeError('Failed to fetch')));
    show();
    expect(await screen.findByText('channel: connected')).toBeInTheDocument();
    expect(await screen.findByText('report loads: 1')).toBeInTheDocument();
    await waitFor(() => expect(seenAuth).toHaveLength(2));

    // The server ends the stream (its token expired): the channel opens again, and what may have
    // been missed meanwhile is loaded again.
    await new Promise((resolve) => setTimeout(resolve, LIVE_RETRY.firstMs * 2));
    act(() => streams[0]!.end());
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(await screen.findByText('report loads: 2')).toBeInTheDocument();
    expect(await screen.findByText('channel: connected')).toBeInTheDocument();
  });

  it('stays closed while nobody is signed in', async () => {
    show();
    expect(await screen.findByText('channel: off')).toBeInTheDocument();
    expect(seenAuth).toEqual([]);
  });
});
