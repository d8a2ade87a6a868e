import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { PUBLISH_REASON_CODES } from '@rms/contracts/telemetry';
import type { Db } from '../db/client';
import { listenMqtt, listenMqtts, listenWss, type Listening } from './broker-listeners';
import type { BrokerTls } from './broker-tls';
import { verifyDevice, type DeviceIdentity } from './device-keys';
import type { Broker } from './broker';
import { InFlight } from './in-flight';
import { ConnectionCounter, DEFAULT_MQTT_LIMITS, type Admission, type MqttLimits } from './mqtt-limits';
import { Mqtt5Bridge } from './mqtt5-bridge';
import { commandTopic, isDeviceCode, mayPublish, maySubscribe, parseUplink } from './topics';
import type { Uplink } from './uplink';

// The embedded MQTT broker (Aedes; MQTT 3.1, 3.1.1 and, through mqtt5-bridge.ts, 5). A device signs in
// with its RMS ID as username and its key as password, and may publish only to
// rms/<its id>/{telemetry,fault,ack} and subscribe only to rms/<its id>/{cmd,reject}. Ingest happens
// inside authorizePublish: Aedes sends a QoS 1 PUBACK only after that callback, so the device hears
// "stored" only once its batch has committed; a refused message is acknowledged too (sending it again
// cannot make it valid), with the reason code and reason for an MQTT 5 device. Aedes also stops reading
// a connection until its packets are handled, which is the back-pressure that bounds memory.
// Topics are checked level by level (topics.ts); connections are capped per address, packets by their
// declared size, and a client has `connectTimeoutMs` to sign in (mqtt-limits.ts). All of this holds on
// each way in (broker-listeners.ts): plain MQTT, MQTT over TLS and MQTT over WebSocket with TLS.
// A command id is forwarded at most once on a connection (authorizeForward): the dispatcher sends a
// device's unacknowledged commands again when it subscribes, and Aedes sends a resumed session's
// unacknowledged messages again itself, so without this a device could get one command twice.
// A stop (`close`) stops listening, lets the messages taken in commit and be acknowledged (in-flight.ts),
// holds those that come after unanswered, and then ends each connection after its last PUBACK is out.

/** Where a refused MQTT 5 publish goes instead of its topic: no device may subscribe to it. */
const REFUSED_TOPIC = '$rms/refused';
/** How often the certificate files are read again (a renewed certificate is served from then on). */
const TLS_RELOAD_MS = 60_000;
/** Command ids remembered per connection (commands are few: a device's open ones fit many times). */
const FORWARDED_IDS_KEPT = 256;

function commandIdOf(payload: unknown): number | null {
  try {
    const id = (JSON.parse(String(payload)) as { id?: unknown }).id;
    return typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

export interface EmbeddedBroker extends Broker {
  aedes: Aedes;
  /** The plain MQTT port; null when it is off. */
  port: number | null;
  /** The ports listened on (null: off); the system's choice where 0 was asked for. */
  ports: { mqtt: number | null; mqtts: number | null; wss: number | null };
  /** Devices connected now (by inventory id). */
  connected(deviceId: number): boolean;
  /** Closes the devices' connections (their key was replaced: the old one must not stay signed in). */
  disconnect(deviceIds: Iterable<number>): void;
}

export interface EmbeddedBrokerOptions {
  db: Db;
  uplink: Uplink;
  /** Plain MQTT; null: off. */
  port: number | null;
  host?: string;
  /** MQTT over TLS and over WebSocket with TLS (a port null: off), with the certificate to serve. */
  tls?: { context: BrokerTls; mqttsPort: number | null; wssPort: number | null };
  log: FastifyBaseLogger;
  /** A device subscribed to its command topic: deliver what waits for it. */
  onDeviceReady(device: DeviceIdentity): void;
  limits?: Partial<MqttLimits>;
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, uplink, log } = options;
  const limits = { ...DEFAULT_MQTT_LIMITS, ...options.limits };
  const counter = new ConnectionCounter(limits);
  const signedIn = new WeakMap<Client, () => void>();
  const identities = new WeakMap<Client, DeviceIdentity>();
  const bridges = new WeakMap<Client, Mqtt5Bridge>();
  const forwarded = new WeakMap<Client, Set<number>>();
  const online = new Map<number, Set<Client>>();
  const inFlight = new InFlight();
  /** Every connection, as Aedes writes to it (ended gracefully at a stop). */
  const connections = new Set<Duplex>();
  const refuse = (code: number, message: string) =>
    Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

  const aedes = await Aedes.createBroker({
    // A device sends a few messages per minute; a client id as long as an RMS ID must fit.
    maxClientsIdLength: 128,
    drainTimeout: 30_000,
    connectTimeout: limits.connectTimeoutMs,
    authenticate(client, username, password, done) {
      verifyDevice(db, username ?? '', password?.toString('utf8') ?? '').then(
        (device) => {
          if (!device) return done(refuse(4, 'bad device id or key'), false);
          identities.set(client, device);
          signedIn.get(client)?.();
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'mqtt: device sign-in failed');
          done(refuse(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      // Server-side publishes (commands, reject notices) have no client.
      if (!client) return done(null);
      const device = identities.get(client);
      const bridge = bridges.get(client);
      const topic = parseUplink(packet.topic);
      if (!device) return done(new Error(`not allowed to publish on ${packet.topic}`));
      if (!topic || !mayPublish(device.code, packet.topic)) {
        const reason = `topic: may not publish on ${packet.topic}`;
        log.warn({ device: device.code, topic: packet.topic }, 'mqtt: publish on a topic not the device’s');
        // Counted when it is one of the uplink topics (of another device, say: a firmware with a wrong id).
        if (topic) void uplink.refuse(device, topic.kind, reason, PUBLISH_REASON_CODES.notAuthorized);
        // MQTT 3.1.1 has no way to refuse one message: the connection is closed. MQTT 5 answers 0x87 and
        // keeps it; the message goes to a topic nobody may subscribe to, and nowhere else.
        if (!bridge?.isV5) return done(new Error(`not allowed to publish on ${packet.topic}`));
        bridge.refuse(packet.messageId, { code: PUBLISH_REASON_CODES.notAuthorized, reason });
        packet.topic = REFUSED_TOPIC;
        packet.retain = false;
        return done(null);
      }
      // Uplink topics are consumed here: nothing a device sends is kept for later subscribers.
      packet.retain = false;
      // A stop under way takes nothing more: unanswered, the message comes again to the next server.
      if (!inFlight.open) return;
      void inFlight.run(() =>
        uplink.receive(device, topic.kind, packet.payload as Buffer).then(
          (result) => {
            if (!result.ok) {
              log.debug({ device: device.code, reason: result.reason }, 'mqtt: message refused');
              bridge?.refuse(packet.messageId, { code: result.code, reason: result.reason });
            }
            // A refused payload is acknowledged all the same: sending it again cannot make it valid.
            done(null);
          },
          (error: unknown) => {
            log.error({ err: error, device: device.code }, 'mqtt: ingest failed');
            done(error as Error);
          },
        ),
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const device = identities.get(client);
      if (!device || !maySubscribe(device.code, subscription.topic)) {
        // Refused in the SUBACK (3.1.1: 0x80; MQTT 5: 0x87 Not authorized); the connection stays.
        return done(null, null);
      }
      done(null, subscription);
    },
    // Telemetry is consumed here, not forwarded to other clients; a command id goes once per connection.
    authorizeForward(client, packet) {
      if (packet.topic === REFUSED_TOPIC || parseUplink(packet.topic)) return null;
      const device = identities.get(client);
      if (device && isDeviceCode(device.code) && packet.topic === commandTopic(device.code)) {
        const id = commandIdOf(packet.payload);
        if (id !== null) {
          let ids = forwarded.get(client);
          if (!ids) forwarded.set(client, (ids = new Set()));
          if (ids.has(id)) return null;
          ids.add(id);
          // Ids only grow: the oldest ones will not come again on this connection.
          if (ids.size > FORWARDED_IDS_KEPT) ids.delete(ids.values().next().value!);
        }
      }
      return packet;
    },
  });

  // A resumed session has its subscriptions already (the device need not subscribe again).
  const resumed = new WeakSet<Client>();
  aedes.on('connackSent', (packet, client) => {
    if (packet.sessionPresent) resumed.add(client);
  });
  aedes.on('clientReady', (client) => {
    const device = identities.get(client);
    if (!device) return;
    const clients = online.get(device.id) ?? new Set<Client>();
    online.set(device.id, clients.add(client));
    if (resumed.has(client)) options.onDeviceReady(device);
  });
  aedes.on('clientDisconnect', (client) => {
    const device = identities.get(client);
    const clients = device && online.get(device.id);
    if (!device || !clients) return;
    clients.delete(client);
    if (!clients.size) online.delete(device.id);
  });
  aedes.on('subscribe', (subscriptions, client) => {
    const device = identities.get(client);
    if (
      device &&
      isDeviceCode(device.code) &&
      subscriptions.some((s) => s.topic === commandTopic(device.code))
    )
      options.onDeviceReady(device);
  });

  const admit = (socket: Socket) => counter.admit(socket);
  const connect = (admission: Admission, carrier: Duplex) => {
    const carried = admission.carry(carrier);
    const bridge = new Mqtt5Bridge(carried.stream, { maxPacketBytes: limits.maxPacketBytes });
    connections.add(bridge.stream);
    bridge.stream.once('close', () => connections.delete(bridge.stream));
    const client = aedes.handle(bridge.stream);
    signedIn.set(client, admission.signedIn);
    bridges.set(client, bridge);
    carried.onTooLarge((error) => {
      const reason = `payload: a packet of ${error.bytes} bytes, more than the ${error.limit} allowed`;
      const device = identities.get(client);
      if (device) void uplink.refuse(device, null, reason, PUBLISH_REASON_CODES.packetTooLarge);
      return bridge.lastWords(PUBLISH_REASON_CODES.packetTooLarge, reason);
    });
  };
  const listening: Listening[] = [];
  const ports: EmbeddedBroker['ports'] = { mqtt: null, mqtts: null, wss: null };
  try {
    const { tls, host } = options;
    if (options.port !== null) {
      listening.push(await listenMqtt(options.port, host, admit, connect));
      ports.mqtt = listening.at(-1)!.port;
    }
    // The TLS handshake (and the WebSocket upgrade) must fit in the time a client has to sign in.
    const handshakeMs = limits.connectTimeoutMs;
    if (tls && tls.mqttsPort !== null) {
      listening.push(await listenMqtts(tls.mqttsPort, host, tls.context, handshakeMs, admit, connect));
      ports.mqtts = listening.at(-1)!.port;
    }
    if (tls && tls.wssPort !== null) {
      // A WebSocket message carries a packet (or part of one), plus its fixed header.
      const wsLimits = { handshakeMs, maxMessageBytes: limits.maxPacketBytes + 8 };
      listening.push(await listenWss(tls.wssPort, host, tls.context, wsLimits, admit, connect));
      ports.wss = listening.at(-1)!.port;
    }
  } catch (error) {
    // A port taken: the ones already listening are let go, so the start can stop cleanly.
    await Promise.all(listening.map((l) => l.close()));
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
    throw error;
  }

  const { tls } = options;
  const reloading = tls ? setInterval(() => tls.context.reload(), TLS_RELOAD_MS).unref() : undefined;
  let unlistened: Promise<void> | null = null;
  const stopAccepting = () =>
    (unlistened ??= Promise.all(listening.map((l) => l.close())).then(() => undefined));

  return {
    aedes,
    port: ports.mqtt,
    ports,
    connected: (deviceId) => online.has(deviceId),
    disconnect: (deviceIds) => {
      for (const id of deviceIds) for (const client of online.get(id) ?? []) client.close();
    },
    status: () => ({ connected: unlistened === null, clients: aedes.connectedClients }),
    stopAccepting: () => void stopAccepting(),
    close: async () => {
      clearInterval(reloading);
      const closed = stopAccepting();
      await inFlight.close();
      await endGracefully(connections, CLOSE_GRACE_MS);
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await closed;
    },
  };
}

/** How long a stop waits for devices to close their side after the server has closed its own. */
const CLOSE_GRACE_MS = 2000;

/**
 * Ends each connection after what was written to it (the last acknowledgements) has gone out, and
 * waits for the devices to close their side, at most `ms`; the broker's close then cuts the rest.
 */
async function endGracefully(connections: Set<Duplex>, ms: number): Promise<void> {
  const closed = [...connections].map((c) => new Promise((resolve) => c.once('close', resolve)));
  for (const connection of connections) connection.end();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(closed),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => clearTimeout(timer));
}
