import { Duplex, Transform, type TransformCallback } from 'node:stream';
import type { Socket } from 'node:net';

// Limits of the embedded broker's connections, applied before Aedes sees a byte, so that a client that
// has not signed in cannot make the server hold memory: every MQTT packet's declared length is read from
// its fixed header and a packet larger than allowed closes the connection before its body is buffered
// (the first packet, CONNECT, is held to a few kilobytes); an address may hold a bounded number of
// connections, and fewer still that have not signed in yet. Aedes itself closes a connection whose
// CONNECT does not arrive within its `connectTimeout`.

export interface MqttLimits {
  /** Largest packet after CONNECT (a telemetry array of 1,000 samples is about 330 KB). */
  maxPacketBytes: number;
  /** Largest first packet (CONNECT: client id, RMS ID, key, an optional small will). */
  maxConnectBytes: number;
  /** Connections one remote address may hold at once. */
  maxConnectionsPerAddress: number;
  /** Connections one remote address may hold that have not completed CONNECT. */
  maxPendingPerAddress: number;
  /** Milliseconds a connection has to complete CONNECT and sign in. */
  connectTimeoutMs: number;
}

export const DEFAULT_MQTT_LIMITS: MqttLimits = {
  maxPacketBytes: 512 * 1024,
  maxConnectBytes: 4 * 1024,
  maxConnectionsPerAddress: 1000,
  // A site behind one NAT reconnects all at once after an outage; each waiting connection holds at most 4 KB.
  maxPendingPerAddress: 128,
  connectTimeoutMs: 10_000,
};

/** A packet whose header declares more than the limit. */
export class PacketTooLarge extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`packet of ${bytes} bytes exceeds ${limit}`);
  }
}

/**
 * Passes bytes through unchanged while following the MQTT framing (1 type byte, a 1–4 byte variable
 * length, then the body); fails as soon as a header declares more than allowed.
 */
export class PacketSizeGuard extends Transform {
  private state: 'type' | 'length' | 'body' = 'type';
  private length = 0;
  private multiplier = 1;
  private left = 0;
  private packets = 0;
  private discarding = false;

  /**
   * `onTooLarge` may take a packet that is too large in hand (answer the client, close the connection):
   * when it returns true, this passes nothing more on instead of failing.
   */
  constructor(
    private readonly limits: Pick<MqttLimits, 'maxPacketBytes' | 'maxConnectBytes'>,
    private readonly onTooLarge?: (error: PacketTooLarge) => boolean,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.discarding) return done();
    let i = 0;
    while (i < chunk.length) {
      if (this.state === 'body') {
        const step = Math.min(this.left, chunk.length - i);
        this.left -= step;
        i += step;
        if (this.left === 0) this.state = 'type';
      } else if (this.state === 'type') {
        i += 1;
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
      } else {
        const byte = chunk[i++] ?? 0;
        this.length += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        if (byte & 0x80) {
          // The length takes at most four bytes (MQTT 2.2.3).
          if (this.multiplier > 128 ** 3) return done(new Error('malformed packet length'));
          continue;
        }
        const limit = this.packets === 0 ? this.limits.maxConnectBytes : this.limits.maxPacketBytes;
        if (this.length > limit) {
          const error = new PacketTooLarge(this.length, limit);
          if (!this.onTooLarge?.(error)) return done(error);
          this.discarding = true;
          return done();
        }
        this.packets += 1;
        this.left = this.length;
        this.state = this.left === 0 ? 'type' : 'body';
      }
    }
    done(null, chunk);
  }
}

/** Told of a packet too large; answers the bytes to end the connection with, or null to just close it. */
export type TooLargeHook = (error: PacketTooLarge) => Buffer | null;

/**
 * A connection counted against its address: `signedIn` once its CONNECT was accepted, and `carry` to
 * read its MQTT bytes through the size guard (from the socket itself, the TLS socket over it, or a
 * WebSocket's stream): the stream to hand to the broker, and `onTooLarge` to hear of a packet refused
 * for its size (it may answer bytes to end the connection with).
 */
export interface Admission {
  signedIn(): void;
  carry(carrier: Duplex): { stream: Duplex; onTooLarge(hook: TooLargeHook): void };
}

/** Counts connections per remote address; `admit` refuses one over the caps. */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();
  private readonly pending = new Map<string, number>();

  constructor(private readonly limits: MqttLimits) {}

  /**
   * Counts a new socket, as it arrives (for TLS, before the handshake): null when its address is over a
   * cap (the socket is closed). It counts until the socket closes, as pending until `signedIn`.
   */
  admit(socket: Socket): Admission | null {
    const address = socket.remoteAddress ?? 'unknown';
    const open = this.open.get(address) ?? 0;
    const pending = this.pending.get(address) ?? 0;
    if (open >= this.limits.maxConnectionsPerAddress || pending >= this.limits.maxPendingPerAddress) {
      socket.destroy();
      return null;
    }
    this.open.set(address, open + 1);
    this.pending.set(address, pending + 1);
    let isPending = true;
    const leavePending = () => {
      if (!isPending) return;
      isPending = false;
      decrement(this.pending, address);
    };
    socket.once('close', () => {
      leavePending();
      decrement(this.open, address);
    });
    return { signedIn: leavePending, carry: (carrier) => this.guard(socket, carrier) };
  }

  private guard(socket: Socket, carrier: Duplex): ReturnType<Admission['carry']> {
    let tooLarge: TooLargeHook | null = null;
    const guard = new PacketSizeGuard(this.limits, (error) => {
      const lastWords = tooLarge?.(error);
      if (!lastWords) return false;
      // Say why (an MQTT 5 DISCONNECT), pass nothing more on, and close even if the client does not.
      carrier.end(lastWords);
      setTimeout(() => socket.destroy(), 1000).unref();
      return true;
    });
    guard.on('error', () => socket.destroy());
    carrier.on('error', () => guard.destroy());
    carrier.pipe(guard);
    return {
      stream: Duplex.from({ readable: guard, writable: carrier }),
      onTooLarge: (hook) => {
        tooLarge = hook;
      },
    };
  }

  /** Connections now held by an address (tests, metrics). */
  count(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

function decrement(map: Map<string, number>, key: string): void {
  const left = (map.get(key) ?? 1) - 1;
  if (left <= 0) map.delete(key);
  else map.set(key, left);
}
