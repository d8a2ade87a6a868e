import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { deviceCommands } from '../db/schema/commands';
import { rmsDevices } from '../db/schema/inventory';
import type { LiveChanges } from './live-events';
import { commandTopic } from './topics';

// Delivers recorded commands (DESIGN "Device link"): `{id, kind, payload}` on rms/<RMS ID>/cmd at QoS 1.
// A command is published when its device is there to take it (just subscribed, or connected when the
// command is recorded); it is `sent` once published and finishes when the device acknowledges it by
// id (uplink.ts) or times out. Unfinished commands are published again when the device comes back:
// the device runs each id once, so a repeat is harmless.

/** Commands recorded in this process (see recordCommands) nudge the dispatcher at once. */
export const commandEvents = new EventEmitter<{ recorded: [deviceIds: number[], commandIds: number[]] }>();

const NUDGE_DELAYS_MS = [0, 150, 600];

export const COMMAND_TIMEOUTS = {
  /** A sent command not acknowledged within this time has timed out. */
  sentMs: 10 * 60_000,
  /** A command whose device never came to take it. */
  pendingMs: 24 * 3_600_000,
};

export interface Publisher {
  publish(topic: string, payload: string): Promise<void>;
  /** Whether the device can take a command now (unknown with an external broker: true). */
  connected(deviceId: number): boolean;
}

export class CommandDispatcher {
  // A command recorded inside a transaction is visible only once that commits, which the recorder
  // cannot tell us: look at once and twice more shortly after (the periodic pass is the backstop).
  private readonly onRecorded = (deviceIds: number[]) => {
    const connected = [...new Set(deviceIds)].filter((id) => this.publisher.connected(id));
    if (connected.length === 0) return;
    for (const delay of NUDGE_DELAYS_MS) {
      setTimeout(() => {
        for (const id of connected) void this.deliver(id, { resend: false });
      }, delay).unref();
    }
  };

  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly log: FastifyBaseLogger,
    private readonly changed: (changes: LiveChanges) => void = () => {},
  ) {
    commandEvents.on('recorded', this.onRecorded);
  }

  stop(): void {
    commandEvents.off('recorded', this.onRecorded);
  }

  /**
   * Publishes the device's pending commands, oldest first; with `resend` (the device has just
   * subscribed) also those sent before and not yet acknowledged.
   */
  async deliver(deviceId: number, { resend = true } = {}): Promise<void> {
    try {
      const rows = await this.db
        .select({
          id: deviceCommands.id,
          kind: deviceCommands.kind,
          payload: deviceCommands.payload,
          status: deviceCommands.status,
          code: rmsDevices.code,
        })
        .from(deviceCommands)
        .innerJoin(rmsDevices, eq(rmsDevices.id, deviceCommands.deviceId))
        .where(
          and(
            eq(deviceCommands.deviceId, deviceId),
            inArray(deviceCommands.status, resend ? ['pending', 'sent'] : ['pending']),
          ),
        )
        .orderBy(asc(deviceCommands.id));
      for (const row of rows) {
        await this.publisher.publish(
          commandTopic(row.code),
          JSON.stringify({ id: row.id, kind: row.kind, payload: row.payload }),
        );
        if (row.status === 'pending') {
          const sent = await this.db
            .update(deviceCommands)
            .set({ status: 'sent', sentAt: new Date() })
            .where(and(eq(deviceCommands.id, row.id), eq(deviceCommands.status, 'pending')))
            .returning({ id: deviceCommands.id });
          this.changed({ commands: sent.map((c) => c.id) });
        }
      }
    } catch (error) {
      this.log.error({ err: error, deviceId }, 'commands: delivery failed');
    }
  }

  /**
   * Delivers pending commands of devices that are connected: catches commands recorded inside a
   * transaction that had not committed when the nudge came, and those recorded by another instance.
   */
  async deliverWaiting(): Promise<void> {
    const rows = await this.db
      .selectDistinct({ deviceId: deviceCommands.deviceId })
      .from(deviceCommands)
      .where(eq(deviceCommands.status, 'pending'));
    for (const { deviceId } of rows) {
      if (this.publisher.connected(deviceId)) await this.deliver(deviceId, { resend: false });
    }
  }

  /** Marks commands that waited too long as timed out. */
  async expire(now = Date.now()): Promise<void> {
    const expired = await this.db
      .update(deviceCommands)
      .set({ status: 'timed_out', finishedAt: new Date(now) })
      .where(
        sql`(${and(eq(deviceCommands.status, 'sent'), lt(deviceCommands.sentAt, new Date(now - COMMAND_TIMEOUTS.sentMs)))})
          or (${and(eq(deviceCommands.status, 'pending'), lt(deviceCommands.createdAt, new Date(now - COMMAND_TIMEOUTS.pendingMs)))})`,
      )
      .returning({ id: deviceCommands.id });
    this.changed({ commands: expired.map((c) => c.id) });
  }
}
