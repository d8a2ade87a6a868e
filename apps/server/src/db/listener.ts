import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';

// Commit notifications: a transaction that runs `select pg_notify(channel, payload)` has its payload
// handed to every listener of `channel` when, and only if, it commits; a statement outside a
// transaction notifies when it completes. PostgreSQL delivers them to every connection that LISTENs
// (so to every server instance, pg-listener.ts); PGlite to its own listeners in this process. Either
// way what is announced is committed, and visible to the listener's next query.

/** Called with a notification's payload; must not throw (a throw is logged and ignored). */
export type NotificationHandler = (payload: string) => void;

export interface Listener {
  /** Hands `channel`'s notifications to `handler` from now on; answers how to stop. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  /** Stops every handler (and, with PostgreSQL, ends the LISTEN connection). */
  close(): Promise<void>;
}

export type ListenerLog = Pick<FastifyBaseLogger, 'warn'>;

/** PGlite's listeners: in the process, called as the notifying transaction commits. */
export function pgliteListener(client: PGlite, log: ListenerLog): Listener {
  const stops = new Set<() => Promise<void>>();
  return {
    async listen(channel, handler) {
      const unlisten = await client.listen(channel, (payload) => {
        try {
          handler(payload);
        } catch (error) {
          log.warn({ err: error, channel }, 'database: a notification handler failed');
        }
      });
      const stop = async () => {
        if (!stops.delete(stop)) return;
        // Closing the database first has already stopped it.
        await unlisten().catch(() => {});
      };
      stops.add(stop);
      return stop;
    },
    async close() {
      await Promise.all([...stops].map((stop) => stop()));
    },
  };
}
