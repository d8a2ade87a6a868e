import { percentile } from '../percentile';

// An endpoint at one client, timed to the microsecond (autocannon's histogram keeps whole
// milliseconds, too coarse beside SQL that takes a fraction of one): one keep-alive connection, a
// request at a time, each answer read to its end, for `seconds`.

export interface OneClientFigures {
  p50: number;
  p99: number;
  requests: number;
  /** Answers 503 (the server still shedding after a run at many clients): waited out, not timed. */
  shed: number;
  /** Every answer's time, ascending: runs taken in turns are pooled from these (run.ts). */
  latencies: number[];
}

export async function oneClient(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<OneClientFigures> {
  let shed = 0;
  /** One request; true if it was answered, false if shed (after waiting its Retry-After). */
  const ask = async (): Promise<boolean> => {
    // As a browser asks (Chromium offers brotli too); Node's fetch alone would offer gzip and deflate.
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } });
    await res.arrayBuffer();
    if (res.status === 503) {
      shed++;
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      return false;
    }
    // 304: the answer to If-None-Match (the compact map's, in run.ts's floor).
    if (!res.ok && res.status !== 304) throw new Error(`${url}: ${res.status}`);
    return true;
  };
  // The connection opened, the plan cached, the server calm again (a minute at most).
  const calmBy = Date.now() + 60_000;
  while (!(await ask())) if (Date.now() > calmBy) throw new Error(`${url}: still shedding after a minute`);
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    if (await ask()) latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    shed,
    latencies,
  };
}
