import { connect, type Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import mqttPacket from 'mqtt-packet';

// One load-generator thread: many device connections speaking plain MQTT 3.1.1 (mqtt-packet over
// TCP, much cheaper than a full client, so the generator takes as little CPU as possible from the
// server on a small machine). Each device publishes single-sample QoS 1 messages. Pacing is open-loop:
// the thread owes `rate × elapsed` messages and sends what it owes, round-robin over its devices,
// unless a device has `maxInflight` messages unacknowledged or its socket is blocked (the broker
// stopped reading it) — then the device waits, which is how a burst slows devices down.

export interface PublisherInput {
  port: number;
  devices: { id: number; code: string; key: string }[];
  /** Messages per second for this thread. */
  rate: number;
  durationMs: number;
  maxInflight: number;
  /** Histogram bucket count (1 ms each). */
  buckets: number;
}

export interface PublisherReport {
  type: 'tick' | 'done';
  sent: number;
  acked: number;
  inflight: number;
  /** Publish-to-PUBACK latency histogram (1 ms buckets; the last one holds the rest). */
  histogram?: Uint32Array;
  /** A few (device, ts) pairs just acknowledged, to check they are queryable. */
  probe?: { deviceId: number; ts: number; ackedAt: number };
}

interface Device {
  id: number;
  code: string;
  socket: Socket;
  topic: string;
  nextId: number;
  lastTs: number;
  energyWh: number;
  sentAt: Map<number, { at: number; ts: number }>;
}

const input = workerData as PublisherInput;
const histogram = new Uint32Array(input.buckets);
let sent = 0;
let acked = 0;
let probeWanted = false;

function payloadOf(d: Device, ts: number): string {
  d.energyWh += Math.random() * 0.5;
  const r = Math.random();
  return JSON.stringify({
    ts,
    gsm_sig: 60 + Math.floor(r * 30),
    bt_v: 12.4 + r,
    bt_ch_i: 2 + r * 3,
    bt_dis_i: 0,
    soc: 60 + r * 35,
    pv_v: 17 + r * 3,
    pv_i: 2 + r * 2,
    lo_v: 0,
    lo_i: 0,
    brightness: 0,
    lo_sts: 0,
    mppt: 94 + r * 4,
    energy_wh: Math.round(d.energyWh * 100) / 100,
    temp: 28 + r * 8,
    telecom: 'Airtel',
    faults: [],
  });
}

function open(device: { id: number; code: string; key: string }): Promise<Device> {
  return new Promise((resolve, reject) => {
    const socket = connect(input.port, '127.0.0.1');
    socket.setNoDelay(true);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const d: Device = {
      ...device,
      socket,
      topic: `rms/${device.code}/telemetry`,
      nextId: 1,
      lastTs: 0,
      energyWh: 1000 + Math.random() * 1000,
      sentAt: new Map(),
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode === 0) resolve(d);
        else reject(new Error(`${device.code}: connack ${packet.returnCode}`));
      } else if (packet.cmd === 'puback') {
        const id = packet.messageId!;
        const s = d.sentAt.get(id);
        if (!s) return;
        d.sentAt.delete(id);
        const now = performance.now();
        histogram[Math.min(input.buckets - 1, Math.floor(now - s.at))]!++;
        acked++;
        if (probeWanted) {
          probeWanted = false;
          parentPort!.postMessage({ type: 'probe', deviceId: d.id, ts: s.ts, ackedAt: Date.now() });
        }
      }
    });
    socket.on('data', (buf) => parser.parse(buf));
    socket.on('error', (e) => reject(e));
    socket.on('close', () => {
      if (d.sentAt.size > 0)
        parentPort!.postMessage({ type: 'error', message: `${d.code}: connection closed` });
    });
    socket.write(
      mqttPacket.generate({
        cmd: 'connect',
        protocolId: 'MQTT',
        protocolVersion: 4,
        clean: true,
        clientId: `bench-${device.code}`,
        keepalive: 0,
        username: device.code,
        password: Buffer.from(device.key),
      }),
    );
  });
}

function publish(d: Device): void {
  const ts = Math.max(Date.now(), d.lastTs + 1);
  d.lastTs = ts;
  const messageId = d.nextId;
  d.nextId = d.nextId === 65535 ? 1 : d.nextId + 1;
  d.sentAt.set(messageId, { at: performance.now(), ts });
  d.socket.write(
    mqttPacket.generate({
      cmd: 'publish',
      topic: d.topic,
      payload: payloadOf(d, ts),
      qos: 1,
      messageId,
      retain: false,
      dup: false,
    }),
  );
  sent++;
}

async function main(): Promise<void> {
  const devices: Device[] = [];
  // Connect in small groups: a thousand sign-ins at once only measures the key check.
  for (let i = 0; i < input.devices.length; i += 50) {
    devices.push(...(await Promise.all(input.devices.slice(i, i + 50).map(open))));
  }
  parentPort!.postMessage({ type: 'ready' });
  await new Promise<void>((resolve) => parentPort!.once('message', () => resolve()));

  const start = performance.now();
  let cursor = 0;
  const inflight = () => sent - acked;
  const loop = setInterval(() => {
    const elapsed = performance.now() - start;
    if (elapsed >= input.durationMs) return;
    let owed = Math.floor((elapsed / 1000) * input.rate) - sent;
    // One pass over the devices at most: the ones that may not send now are skipped.
    for (let tried = 0; owed > 0 && tried < devices.length; tried++) {
      const d = devices[cursor]!;
      cursor = (cursor + 1) % devices.length;
      if (d.sentAt.size >= input.maxInflight || d.socket.writableNeedDrain) continue;
      publish(d);
      owed--;
    }
  }, 2);
  const report = setInterval(() => {
    parentPort!.postMessage({ type: 'tick', sent, acked, inflight: inflight() } satisfies PublisherReport);
  }, 1000);
  parentPort!.on('message', (m: { type: string }) => {
    if (m.type === 'probe') probeWanted = true;
  });

  await new Promise((r) => setTimeout(r, input.durationMs));
  clearInterval(loop);
  // Wait for the last acknowledgements (a slowed-down burst may take a while).
  const drainUntil = performance.now() + 120_000;
  while (inflight() > 0 && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  clearInterval(report);
  parentPort!.postMessage({
    type: 'done',
    sent,
    acked,
    inflight: inflight(),
    histogram,
  } satisfies PublisherReport);
  for (const d of devices) d.socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
}

main().catch((error: unknown) => {
  parentPort!.postMessage({ type: 'error', message: String(error) });
  process.exit(1);
});
