import { and, asc, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Listener } from '../db/listener';
import { deviceCommands } from '../db/schema/commands';
import { rmsDevices } from '../db/schema/inventory';
import { COMMANDS_CHANNEL, parseRecorded } from './command-channel';
import type { LiveChanges } from './live-messages';
import { commandTopic } from './topics';

// Delivers recorded commands (docs/device-link.md): `{id, kind, payload}` on
// rms/<RMS ID>/cmd at QoS 1. A command is published when its device is there to take it (just
// subscribed, or connected when the command is recorded); it finishes when the device acknowledges it
// by id (uplink.ts) or times out.
//
// A command is delivered as soon as its recording transaction commits: the commit's notification
// (command-channel.ts) reaches the dispatcher of every instance, which delivers to the devices connected
// to it. The periodic pass is a backstop, for a notification not heard (the LISTEN connection was
// being opened again) and a device that was not connected here then.
//
// Each command is published once per delivery. Several paths wake the dispatcher for one device (the
// commit notification, the periodic pass, the device subscribing), and before, two of
// them could both read a command as pending and both publish it. Now a pending command is *claimed*
// (UPDATE ... SET status = 'sent' WHERE status = 'pending' RETURNING), so only the path that moved it
// publishes it, whichever instance it runs on; and one device's deliveries run one after another in
// this process, so its commands go out in the order they were given. A command claimed and not
// acknowledged is published again, with the same id, when the device comes back (subscribes again, or
// resumes its session): its acknowledgement may have been lost. The embedded broker forwards an id at
// most once per connection (embedded-broker.ts), so a device that subscribes twice, or whose resumed
// session the broker replays too, still gets it once; the device skips ids it has run already
// (DEVICE_COMMAND_MEMORY), which covers a redelivery after it ran a command and lost the connection
// before acknowledging.

export const COMMAND_TIMEOUTS = {
  /** A sent command not acknowledged within this time has timed out. */
  sentMs: 10 * 60_000,
  /** A command whose device never came to take it. */
  pendingMs: 24 * 3_600_000,
};

export interface Publisher {
  /** Publishes at QoS 1 unless told otherwise. */
  publish(topic: string, payload: string, qos?: 0 | 1): Promise<void>;
  /** Whether the device can take a command now (unknown with an external broker: true). */
  connected(deviceId: number): boolean;
}

interface Outgoing {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  /** Claimed by this delivery (pending until now), as opposed to sent before and sent again. */
  claimed: boolean;
}

export class CommandDispatcher {
  /** Per device, the tail of its deliveries in this process (they run one after another). */
  private readonly lanes = new Map<number, Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly log: FastifyBaseLogger,
    private readonly changed: (changes: LiveChanges) => void = () => {},
  ) {}

  stop(): void {
    this.stopped = true;
  }

  /**
   * Delivers the commands recorded by any instance to those of their devices connected here, as soon as
   * the recording transaction commits. Answers how to stop listening.
   */
  wakeOnCommit(listener: Listener): Promise<() => Promise<void>> {
    return listener.listen(COMMANDS_CHANNEL, (payload) => {
      const notice = parseRecorded(payload);
      if (!notice) {
        this.log.warn({ payload: payload.slice(0, 200) }, 'commands: not a notice of recorded commands');
        return;
      }
      for (const deviceId of notice.devices) {
        if (!this.stopped && this.publisher.connected(deviceId))
          void this.deliver(deviceId, { resend: false });
      }
    });
  }

  /**
   * Publishes the device's pending commands, oldest first; with `resend` (the device has just come
   * back) also those sent before and not acknowledged. Never throws (failures are logged).
   */
  deliver(deviceId: number, { resend = true } = {}): Promise<void> {
    const previous = this.lanes.get(deviceId) ?? Promise.resolve();
    const run = previous.then(() => this.deliverNow(deviceId, resend));
    this.lanes.set(deviceId, run);
    void run.finally(() => {
      if (this.lanes.get(deviceId) === run) this.lanes.delete(deviceId);
    });
    return run;
  }

  private async deliverNow(deviceId: number, resend: boolean): Promise<void> {
    if (this.stopped) return;
    let outgoing: Outgoing[] = [];
    try {
      const claimed = await this.db
        .update(deviceCommands)
        .set({ status: 'sent', sentAt: new Date() })
        .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.status, 'pending')))
        .returning({ id: deviceCommands.id, kind: deviceCommands.kind, payload: deviceCommands.payload });
      outgoing = claimed.map((c) => ({ ...c, claimed: true }));
      if (claimed.length > 0) this.changed({ commands: claimed.map((c) => c.id) });
      if (resend) {
        const again = await this.db
          .select({ id: deviceCommands.id, kind: deviceCommands.kind, payload: deviceCommands.payload })
          .from(deviceCommands)
          .where(
            and(
              eq(deviceCommands.deviceId, deviceId),
              eq(deviceCommands.status, 'sent'),
              claimed.length > 0
                ? notInArray(
                    deviceCommands.id,
                    claimed.map((c) => c.id),
                  )
                : undefined,
            ),
          )
          .orderBy(asc(deviceCommands.id));
        outgoing.push(...again.map((c) => ({ ...c, claimed: false })));
      }
      if (outgoing.length === 0) return;
      outgoing.sort((a, b) => a.id - b.id);
      const [device] = await this.db
        .select({ code: rmsDevices.code })
        .from(rmsDevices)
        .where(eq(rmsDevices.id, deviceId));
      if (!device) return;
      const topic = commandTopic(device.code);
      while (outgoing.length > 0) {
        const next = outgoing[0]!;
        await this.publisher.publish(
          topic,
          JSON.stringify({ id: next.id, kind: next.kind, payload: next.payload }),
        );
        outgoing.shift();
      }
    } catch (error) {
      this.log.error({ err: error, deviceId }, 'commands: delivery failed');
      // What this delivery claimed and did not publish waits for the next one.
      const unsent = outgoing.filter((c) => c.claimed).map((c) => c.id);
      if (unsent.length > 0) await this.unclaim(unsent);
    }
  }

  private async unclaim(ids: number[]): Promise<void> {
    try {
      const back = await this.db
        .update(deviceCommands)
        .set({ status: 'pending', sentAt: null })
        .where(and(inArray(deviceCommands.id, ids), eq(deviceCommands.status, 'sent')))
        .returning({ id: deviceCommands.id });
      this.changed({ commands: back.map((c) => c.id) });
    } catch (error) {
      this.log.error({ err: error, ids }, 'commands: could not put back unsent commands');
    }
  }

  /**
   * Delivers pending commands of devices that are connected: the backstop for a commit notification
   * this instance did not hear, and for a delivery that failed.
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
