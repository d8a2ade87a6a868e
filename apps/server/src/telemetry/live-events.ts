import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import { PgListener } from '../db/pg-listener';
import { COMMANDS_CHANNEL, parseRecorded } from './command-channel';
import { LiveFanout } from './live-fanout';
import {
  alarmMessages,
  commandMessages,
  deviceMessages,
  type LiveChanges,
  type RoutedMessage,
} from './live-messages';
import { LiveThrottle } from './live-throttle';

// The live channel's publisher (GET /api/v1/events/). The device link reports what changed by id after
// its transaction commits (devices whose live state moved, alarms raised or resolved, commands whose
// status moved); this reads the committed rows (live-messages.ts), paced per device for live state
// (live-throttle.ts), and hands the messages to the subscribers of every instance (live-fanout.ts).
// Commands are announced as they are recorded from the commit notification every instance hears
// (command-channel.ts): each instance tells its own subscribers.

export type { LiveChanges, RoutedMessage };

export interface LiveEventsOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Commit notifications (the app's one listener); none: recorded commands are not announced. */
  listener?: Listener;
  /**
   * PostgreSQL: messages reach every instance through NOTIFY, heard through `listener` (a LISTEN
   * connection of its own when none is given).
   */
  databaseUrl?: string;
  /** Least time between two `live` messages of one device. */
  throttleMs?: number;
}

/** Live state changes are gathered this long, so a busy ingest reads them in few queries. */
const GATHER_MS = 200;

export class LiveEvents {
  private readonly fanout: LiveFanout;
  private readonly throttle: LiveThrottle;
  private readonly listener: Listener | null;
  /** A listener opened here, closed with it. */
  private readonly ownListener: Listener | null;
  private unlisten: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly options: LiveEventsOptions) {
    this.ownListener =
      !options.listener && options.databaseUrl ? new PgListener(options.databaseUrl, options.log) : null;
    this.listener = options.listener ?? this.ownListener;
    this.fanout = new LiveFanout({
      db: options.db,
      log: options.log,
      shared: options.databaseUrl ? this.listener : null,
    });
    this.throttle = new LiveThrottle(options.throttleMs ?? 3000, GATHER_MS, (ids) =>
      this.everywhere(() => deviceMessages(options.db, ids)),
    );
  }

  async start(): Promise<void> {
    await this.fanout.start();
    this.unlisten =
      (await this.listener?.listen(COMMANDS_CHANNEL, (payload) => this.recorded(payload))) ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.throttle.stop();
    await this.unlisten?.();
    await this.fanout.close();
    await this.ownListener?.close();
  }

  /** Calls `listener` with every message until the returned function is called; `onClose` on shutdown. */
  subscribe(listener: (routed: RoutedMessage) => void, onClose: () => void): () => void {
    return this.fanout.subscribe(listener, onClose);
  }

  get subscribers(): number {
    return this.fanout.subscribers;
  }

  /** Reports committed changes; never throws (a lost live message only delays a screen's refresh). */
  changed(changes: LiveChanges): void {
    // Not shared (PGlite), nobody else can hear: without a subscriber here there is nothing to read.
    if (this.stopped || (!this.fanout.shared && this.subscribers === 0)) return;
    if (changes.devices?.length) this.throttle.changed(changes.devices);
    if (changes.alarms?.length) this.everywhere(() => alarmMessages(this.options.db, changes.alarms!));
    if (changes.commands?.length) this.everywhere(() => commandMessages(this.options.db, changes.commands!));
  }

  /** Messages made elsewhere (a person's notifications), to the subscribers of every instance. */
  async publish(messages: readonly RoutedMessage[]): Promise<void> {
    if (this.stopped || messages.length === 0 || (!this.fanout.shared && this.subscribers === 0)) return;
    await this.fanout.everywhere(messages);
  }

  /**
   * Commands just committed, with the status they have by now (usually pending; sent already when the
   * device was there to take it). Every instance heard the commit: each tells only its own subscribers.
   */
  private recorded(payload: string) {
    const notice = parseRecorded(payload);
    if (!notice || this.stopped || this.subscribers === 0) return;
    void this.read(() => commandMessages(this.options.db, notice.commands)).then((messages) =>
      this.fanout.here(messages),
    );
  }

  private everywhere(read: () => Promise<RoutedMessage[]>): void {
    void this.read(read).then((messages) =>
      this.fanout.everywhere(messages).catch((error: unknown) => this.lost(error)),
    );
  }

  /** The messages read, none when they could not be (logged) or the channel has stopped. */
  private async read(read: () => Promise<RoutedMessage[]>): Promise<RoutedMessage[]> {
    try {
      const messages = await read();
      return this.stopped ? [] : messages;
    } catch (error) {
      this.lost(error);
      return [];
    }
  }

  private lost(error: unknown) {
    if (!this.stopped) this.options.log.warn({ err: error }, 'live events: not delivered');
  }
}
