#!/usr/bin/env -S npx tsx
import { parseArgs } from 'node:util';
import { memberOf, readDeviceFile } from './device-file';
import { FAULT_EFFECTS, INJECT_SYNTAX, INJECTABLE_FAULTS, parseInjection } from './faults';
import { history, simulate } from './fleet';
import { HttpDevice } from './http-device';
import { MqttDevice } from './mqtt-device';
import { ReportScheduler } from './scheduler';

// The fleet simulator as a command: devices from a file (with their real keys) report to a server
// over MQTT (or HTTP ingest), answer commands, optionally after writing past days fast.

const FAULTS = INJECTABLE_FAULTS.map((kind) => `    ${kind.padEnd(17)} ${FAULT_EFFECTS[kind]}`).join('\n');

const HELP = `Usage: npm run simulator -- --devices devices.json [options]

  --devices FILE        JSON list of {code, key, lat, lon, params?, system?, panel_wp?}
  --url URL             MQTT broker (default mqtt://127.0.0.1:1883)
  --http URL            report over HTTP ingest to this server instead (no commands)
  --interval SECONDS    sample period in simulated time (default 300)
  --speed FACTOR        time acceleration (default 1); the clock starts --from days ago and
                        runs ahead until it reaches now (the server refuses future samples)
  --from DAYS           start the live clock this many days ago (default 0; with --speed)
  --backfill-days N     first compute the past N days fast and publish them in arrays
  --backfill-interval S sample period of the backfill (default --interval)
  --seed N              weather seed (default 1)
  --duration SECONDS    stop after this many real seconds (default: run until Ctrl-C)
  --inject ${INJECT_SYNTAX}
                        inject a fault into a device, repeatable: from AFTER simulated minutes
                        after the live clock starts (default 0) for MINUTES (0 or left out: until
                        the simulator stops); FACTOR for battery_worn and panel_shaded (0 to 1).
                        e.g. --inject led_open:SIM0001 --inject panel_shaded=0:SIM0002:120
                             --inject silent:SIM0003:30:10 --inject BT_OVER_TEMP:SIM0004:60
${FAULTS}
`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string' },
      url: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      http: { type: 'string' },
      interval: { type: 'string', default: '300' },
      speed: { type: 'string', default: '1' },
      from: { type: 'string', default: '0' },
      'backfill-days': { type: 'string', default: '0' },
      'backfill-interval': { type: 'string' },
      seed: { type: 'string', default: '1' },
      duration: { type: 'string' },
      inject: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.devices) {
    process.stdout.write(HELP);
    process.exit(values.help ? 0 : 2);
  }
  const num = (name: string, v: string | undefined, min: number) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`--${name}: a number of at least ${min}`);
    return n;
  };
  const intervalMs = num('interval', values.interval, 1) * 1000;
  const speed = num('speed', values.speed, 0.001);
  const fromDays = num('from', values.from, 0);
  const backfillDays = num('backfill-days', values['backfill-days'], 0);
  const backfillMs = num('backfill-interval', values['backfill-interval'] ?? values.interval, 1) * 1000;
  const seed = num('seed', values.seed, 0);
  const injections = (values.inject ?? []).map(parseInjection);

  const realStart = Date.now();
  const simStart = realStart - fromDays * 86_400_000;
  // The simulated clock: accelerated, but never ahead of now.
  const now = () => Math.min(Date.now(), simStart + (Date.now() - realStart) * speed);

  const entries = readDeviceFile(values.devices);
  const devices = entries.map((e) => {
    const m = memberOf(e);
    const sim = simulate(m, seed);
    const common = { code: m.code, key: m.key, sim, now };
    return {
      sim,
      link: values.http
        ? new HttpDevice({ ...common, baseUrl: values.http })
        : new MqttDevice({
            ...common,
            url: values.url,
            onError: (error) => log(`${m.code}: ${error.message}`),
            onReject: (notice) => log(`${m.code}: the server refused a message: ${notice.reason}`),
          }),
    };
  });

  for (const injection of injections) {
    const device = devices.find((d) => d.sim.code === injection.code);
    if (!device) throw new Error(`--inject: no device ${injection.code} in ${values.devices}`);
    const from = simStart + injection.afterMinutes * 60_000;
    device.sim.inject({
      kind: injection.kind,
      from,
      until: injection.minutes === null ? null : from + injection.minutes * 60_000,
      ...(injection.factor !== undefined && { factor: injection.factor }),
    });
    const factor = injection.factor === undefined ? '' : ` ×${injection.factor}`;
    log(
      `${injection.code}: ${injection.kind}${factor} ${describe(injection.minutes, injection.afterMinutes)}`,
    );
  }

  await Promise.all(devices.map((d) => d.link.connect()));
  log(`${devices.length} devices connected to ${values.http ?? values.url}`);

  if (backfillDays > 0) {
    const started = Date.now();
    let count = 0;
    for (const d of devices) {
      d.sim.maxStepMs = Math.min(backfillMs, 15 * 60_000);
      const samples = history(d.sim, simStart - backfillDays * 86_400_000, simStart, backfillMs);
      d.sim.takeFaultReports();
      d.sim.maxStepMs = 5 * 60_000;
      await d.link.publishBatch(samples);
      count += samples.length;
    }
    log(
      `backfill: ${count} samples over ${backfillDays} days in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const scheduler = new ReportScheduler(
    devices.map((d) => d.link),
    intervalMs / speed,
    (error) => log(`report failed: ${(error as Error).message}`),
  );
  scheduler.start();
  log(`live: a sample every ${intervalMs / 1000} s of simulated time (x${speed})`);
  const report = () => {
    const published = devices.reduce((n, d) => n + d.link.published, 0);
    const acks = devices.reduce((n, d) => n + ('acks' in d.link ? d.link.acks : 0), 0);
    log(`clock ${new Date(now()).toISOString()}  published ${published}  acks ${acks}`);
  };
  const status = setInterval(report, 30_000);

  const stop = async () => {
    scheduler.stop();
    clearInterval(status);
    report();
    await Promise.all(devices.map((d) => d.link.close()));
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  if (values.duration) setTimeout(() => void stop(), num('duration', values.duration, 1) * 1000);
}

function describe(minutes: number | null, after: number): string {
  const start = after > 0 ? `in ${after} min` : 'now';
  return minutes === null ? `from ${start} until stopped` : `from ${start} for ${minutes} min`;
}

function log(message: string): void {
  process.stdout.write(`[simulator] ${message}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`\n${(error as Error).message}\n\n`);
  process.exit(1);
});
