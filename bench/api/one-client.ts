import { percentile } from '../percentile';

// An endpoint at one client, timed to the microsecond (autocannon's histogram keeps whole
// milliseconds, too coarse beside SQL that takes a fraction of one): one keep-alive connection, a
// request at a time, each answer read to its end, for `seconds`.

export interface OneClientFigures {
  p50: number;
  p99: number;
  requests: number;
}

export async function oneClient(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<OneClientFigures> {
  const ask = async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
  };
  await ask(); // the connection opened, the plan cached
  const latencies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    await ask();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests: latencies.length };
}
