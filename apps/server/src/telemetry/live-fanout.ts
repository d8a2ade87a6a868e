import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import type { RoutedMessage } from './live-messages';

// The live channel's subscribers in this process (the consoles' event streams), and how a message
// reaches those of every instance. Shared (PostgreSQL): a message goes out through NOTIFY on one
// channel and every instance, this one too, hears it through LISTEN and hands it to its subscribers, so
// a console sees devices ingested anywhere. Not shared (PGlite): straight to this process's subscribers.
// Each message carries the organization that owns its device; each subscriber keeps what its caller may
// see (the SSE route, by the caller's scope).

const CHANNEL = 'rms_live';
/** NOTIFY payloads must stay under 8000 bytes. */
const NOTIFY_MAX_BYTES = 7500;

export interface LiveFanoutOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Shared: the listener this instance hears the other instances' messages by. */
  shared: Listener | null;
}

export class LiveFanout {
  private readonly emitter = new EventEmitter<{ message: [RoutedMessage]; close: [] }>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly options: LiveFanoutOptions) {
    this.emitter.setMaxListeners(0);
  }

  /** Whether messages reach other instances (and so are worth reading without a subscriber here). */
  get shared(): boolean {
    return this.options.shared !== null;
  }

  async start(): Promise<void> {
    this.unlisten = (await this.options.shared?.listen(CHANNEL, (payload) => this.heard(payload))) ?? null;
  }

  /** Ends every subscription (their `onClose`), and stops hearing the other instances. */
  async close(): Promise<void> {
    this.emitter.emit('close');
    await this.unlisten?.();
  }

  /** Calls `listener` with every message until the returned function is called; `onClose` on shutdown. */
  subscribe(listener: (routed: RoutedMessage) => void, onClose: () => void): () => void {
    this.emitter.on('message', listener);
    this.emitter.on('close', onClose);
    return () => {
      this.emitter.off('message', listener);
      this.emitter.off('close', onClose);
    };
  }

  get subscribers(): number {
    return this.emitter.listenerCount('message');
  }

  /** To this instance's subscribers only (what every instance learns for itself). */
  here(messages: readonly RoutedMessage[]): void {
    for (const m of messages) this.emitter.emit('message', m);
  }

  /** To the subscribers of every instance. */
  async everywhere(messages: readonly RoutedMessage[]): Promise<void> {
    if (!this.shared) {
      this.here(messages);
      return;
    }
    // One NOTIFY per chunk of messages under the payload limit.
    let chunk: string[] = [];
    let size = 2;
    const notify = async () => {
      if (chunk.length === 0) return;
      const payload = `[${chunk.join(',')}]`;
      chunk = [];
      size = 2;
      await this.options.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    };
    for (const m of messages) {
      const json = JSON.stringify(m);
      const bytes = Buffer.byteLength(json) + 1;
      if (bytes > NOTIFY_MAX_BYTES) continue;
      if (size + bytes > NOTIFY_MAX_BYTES) await notify();
      chunk.push(json);
      size += bytes;
    }
    await notify();
  }

  private heard(payload: string) {
    let messages: unknown;
    try {
      messages = JSON.parse(payload);
    } catch {
      messages = null;
    }
    if (Array.isArray(messages)) this.here(messages as RoutedMessage[]);
    else this.options.log.warn({ payload: payload.slice(0, 200) }, 'live events: bad NOTIFY payload');
  }
}
