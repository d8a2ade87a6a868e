import { Agent, request } from 'undici';
import { percentile } from '../percentile';

// The mixed load of bench/api: N clients, each sending one request at a time, each request a case
// drawn by weight (the share of the console's traffic it stands for), for a fixed time. Latencies are
// kept per case, so each endpoint gets its own p50 and p99 under the same shared load.

export interface MixedTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** The share of requests this case gets (relative to the others' weights). */
  weight: number;
}

export interface CaseFigures {
  count: number;
  p50: number;
  p99: number;
  /** Failed requests other than load shedding. */
  errors: number;
  /** Requests shed with 503 while the server was saturated. */
  shed: number;
}

export interface MixedFigures {
  rps: number;
  byCase: Map<string, CaseFigures>;
}

/** Runs the mix for `seconds` with `clients` concurrent clients; answers the rate and per-case figures. */
export async function mixedLoad(
  targets: MixedTarget[],
  clients: number,
  seconds: number,
): Promise<MixedFigures> {
  const dispatcher = new Agent({ connections: clients, pipelining: 1 });
  const total = targets.reduce((sum, t) => sum + t.weight, 0);
  // Drawn from a fixed sequence, so both sides of a comparison send the same mix in the same order.
  let seed = 1;
  const pick = () => {
    seed = (seed * 48_271) % 2_147_483_647;
    let r = (seed / 2_147_483_647) * total;
    for (const t of targets) if ((r -= t.weight) < 0) return t;
    return targets[targets.length - 1]!;
  };
  const latencies = new Map(targets.map((t) => [t.name, [] as number[]]));
  const errors = new Map(targets.map((t) => [t.name, 0]));
  const shed = new Map(targets.map((t) => [t.name, 0]));
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const client = async () => {
    while (performance.now() < until) {
      const target = pick();
      const started = performance.now();
      try {
        const res = await request(target.url, { dispatcher, headers: target.headers });
        await res.body.arrayBuffer();
        // A 503 is the server shedding load (with Retry-After), not a failure: counted apart. Only
        // answers served are timed and counted: a shed request is quick and answers nothing.
        if (res.statusCode === 503) shed.set(target.name, shed.get(target.name)! + 1);
        else if (res.statusCode !== 200) errors.set(target.name, errors.get(target.name)! + 1);
        else {
          latencies.get(target.name)!.push(performance.now() - started);
          done++;
        }
      } catch {
        errors.set(target.name, errors.get(target.name)! + 1);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  const byCase = new Map<string, CaseFigures>();
  for (const t of targets) {
    const sorted = latencies.get(t.name)!.sort((a, b) => a - b);
    byCase.set(t.name, {
      count: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: errors.get(t.name)!,
      shed: shed.get(t.name)!,
    });
  }
  return { rps: done / elapsed, byCase };
}
