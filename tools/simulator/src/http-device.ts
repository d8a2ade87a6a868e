import type { SimDevice } from './device';

// A simulated device on the HTTP ingest (POST /api/v1/ingest/telemetry/, Basic auth with RMS ID and
// key). HTTP has no downlink: such a device reports but takes no commands.

export interface HttpDeviceOptions {
  /** The server's base URL, e.g. http://localhost:8080. */
  baseUrl: string;
  code: string;
  key: string;
  sim: SimDevice;
  now?: () => number;
}

export class HttpDevice {
  published = 0;
  constructor(private readonly options: HttpDeviceOptions) {}

  get code(): string {
    return this.options.code;
  }

  async connect(): Promise<void> {}

  async report(): Promise<void> {
    const { sim } = this.options;
    sim.step(this.options.now ? this.options.now() : Date.now());
    if (sim.silent()) return; // an injected `silent`: nothing reaches the server
    sim.takeFaultReports(); // the samples carry the fault list
    await this.post(sim.sample());
  }

  async publishBatch(samples: unknown[]): Promise<void> {
    for (let i = 0; i < samples.length; i += 1000) await this.post(samples.slice(i, i + 1000));
  }

  private async post(body: unknown): Promise<void> {
    const { baseUrl, code, key } = this.options;
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/api/v1/ingest/telemetry/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${code}:${key}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${code}: HTTP ${res.status} ${await res.text()}`);
    this.published++;
  }

  async close(): Promise<void> {}
}
