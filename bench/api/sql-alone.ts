import pg from 'pg';
import { percentile } from '../percentile';

// The yardstick of bench/api: a case's SQL alone. The bench server runs each case's service function
// once on a database handle that records every statement it sends (text and parameters); here those
// statements run again straight on a pool of the app's size (those the service sent at once, at once),
// rows fetched as arrays and thrown away: no HTTP, no token, no row objects, no serialization. What the
// endpoint costs beyond this is the application's own (issue: within 1.5× at one client, 2× at 50).

export interface Statement {
  text: string;
  values: unknown[];
  /** Statements of one group were sent at once by the service (a page and its count): sent at once here too. */
  group: number;
}

export interface SqlFigures {
  /** Case runs (all its statements) per second. */
  rps: number;
  p50: number;
  p99: number;
  /** Every case run's time, ascending: runs taken in turns are pooled from these (run.ts). */
  latencies: number[];
}

/** Runs `statements` (one case) over and over from `clients` loops for `seconds` on a pool of `poolSize`. */
export async function sqlAlone(
  databaseUrl: string,
  statements: Statement[],
  clients: number,
  seconds: number,
  poolSize = 20,
): Promise<SqlFigures> {
  const groups: Statement[][] = [];
  for (const s of statements)
    if (groups.at(-1)?.[0]?.group === s.group) groups.at(-1)!.push(s);
    else groups.push([s]);
  const widest = Math.max(...groups.map((g) => g.length));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: Math.min(poolSize, clients * widest) });
  const once = async () => {
    for (const g of groups)
      await Promise.all(g.map((s) => pool.query({ text: s.text, values: s.values, rowMode: 'array' })));
  };
  await once(); // warm the connection and the plan
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        await once();
        latencies.push(performance.now() - started);
      }
    }),
  );
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    latencies,
  };
}
