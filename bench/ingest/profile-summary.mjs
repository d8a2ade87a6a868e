// Where the server's main thread spends its busy time in a --server-prof profile: each sample goes to the
// nearest frame of the stack that belongs to one of these parts (GC and the rest apart).
// Usage: node bench/ingest/profile-summary.mjs bench/ingest/profiles/CPU.<…>.0.001.cpuprofile
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = p.timeDeltas;
const rules = [
  ['bench baseline/setup', /bench\/ingest|seed|migrat|device-keys|first-start/],
  [
    'db: write-batch/harvest/alarms + driver',
    /write-batch|harvest\.ts|alarms\.ts|alarm-|node_modules\/(pg|pg-protocol|drizzle-orm)\//,
  ],
  ['ingest: JSON/zod/toRows/queue', /uplink\.ts|sample-row|zod|ingest-queue|contracts/],
  [
    'broker: aedes/mqtt/socket',
    /aedes|mqtt-packet|mqtt5-bridge|embedded-broker|broker-listeners|mqtt-limits|in-flight|qlobber|mqemitter|topics\.ts/,
  ],
];
const agg = new Map();
let busy = 0;
p.samples.forEach((id, i) => {
  const n0 = byId.get(id);
  const f = n0.callFrame.functionName;
  if (f === '(idle)') return;
  busy += dt[i];
  let k = f === '(garbage collector)' ? 'GC' : f === '(program)' ? 'program' : null;
  for (let n = id; !k && n !== undefined; n = parent.get(n)) {
    const u = byId.get(n).callFrame.url;
    for (const [name, re] of rules)
      if (re.test(u)) {
        k = name;
        break;
      }
  }
  k ??= 'other (event loop, streams w/o app frame)';
  agg.set(k, (agg.get(k) ?? 0) + dt[i]);
});
console.log('busy', (busy / 1e6).toFixed(1), 's');
[...agg]
  .sort((a, b) => b[1] - a[1])
  .forEach(([k, t]) =>
    console.log(((t / busy) * 100).toFixed(1).padStart(5), '%', (t / 1e6).toFixed(1).padStart(5), 's', k),
  );
