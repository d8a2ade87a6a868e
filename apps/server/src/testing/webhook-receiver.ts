import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver for tests: a real HTTP server on 127.0.0.1 that keeps every request (headers and
// the raw body, as bytes) and answers with the statuses it is told, in turn (the last one repeats).

export interface Received {
  headers: IncomingHttpHeaders;
  raw: Buffer;
  json: Record<string, unknown>;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The statuses of the next answers; the last one keeps being answered. */
  answer(...statuses: number[]): void;
  /** The body of every answer from now on (else `answered <status>`). */
  answerBody(body: Buffer): void;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks/rms'): Promise<WebhookReceiver> {
  const received: Received[] = [];
  let statuses = [200];
  let body: Buffer | null = null;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({ headers: request.headers, raw, json: JSON.parse(raw.toString('utf8') || '{}') });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body ?? `answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answer: (...next) => {
      statuses = next;
    },
    answerBody: (next) => {
      body = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` answers something other than undefined/false (a background delivery landed). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  what = 'the condition',
): Promise<NonNullable<T>> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`waited in vain for ${what}`);
}
