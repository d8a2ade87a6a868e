import pg from 'pg';
import type { Listener, ListenerLog, NotificationHandler } from './listener';

// PostgreSQL's commit notifications for this process: one connection of its own (a pooled one would go
// back to the pool and stop hearing) that LISTENs on every channel a handler was given for, opened
// again a second after it is lost. What is notified while it is away is not heard: whoever listens
// keeps a backstop (the command dispatcher's periodic pass; the live channel's next change).

const REOPEN_AFTER_MS = 1000;
/** Channel names are written into LISTEN as they are: only plain lower-case names. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

export class PgListener implements Listener {
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private client: pg.Client | null = null;
  private opening: Promise<void> | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: ListenerLog,
  ) {}

  /**
   * Resolves once LISTEN is in effect, or once a first attempt to connect has failed (logged; it goes
   * on trying): a server without notifications still serves, on its backstops.
   */
  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    const handlers = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, handlers);
    handlers.add(handler);
    await this.open();
    // Listening twice is harmless; a connection lost meanwhile listens on every channel when back.
    await this.client?.query(`LISTEN ${channel}`).catch(() => {});
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.handlers.get(channel) !== handlers) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN ${channel}`).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    await this.opening;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private open(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.opening ??= this.connect().finally(() => (this.opening = null));
    return this.opening;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    let lost = false;
    const reopen = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      if (this.closed) return;
      this.log.warn({ err: error }, 'database: LISTEN connection failed or lost, opening it again');
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = null;
        void this.open();
      }, REOPEN_AFTER_MS);
      this.reopenTimer.unref();
    };
    client.on('error', reopen);
    client.on('end', () => reopen());
    client.on('notification', (n) => this.hand(n.channel, n.payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      reopen(error);
      return;
    }
    if (this.closed) await client.end().catch(() => {});
    else this.client = client;
  }

  private hand(channel: string, payload: string) {
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      try {
        handler(payload);
      } catch (error) {
        this.log.warn({ err: error, channel }, 'database: a notification handler failed');
      }
    }
  }
}
