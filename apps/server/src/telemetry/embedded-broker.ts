import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { verifyDevice, type DeviceIdentity } from './device-keys';
import { ConnectionCounter, DEFAULT_MQTT_LIMITS, type MqttLimits } from './mqtt-limits';
import { commandTopic, isDeviceCode, mayPublish, maySubscribe, parseUplink } from './topics';
import type { Uplink } from './uplink';

// The embedded MQTT broker (Aedes, MQTT 3.1.1 and 5). A device signs in with its RMS ID as username and
// its key as password, and may publish only to rms/<its id>/{telemetry,fault,ack} and subscribe only to
// rms/<its id>/cmd. Ingest happens inside authorizePublish: Aedes sends a QoS 1 PUBACK only after that
// callback, so the device hears "stored" only once its batch has committed. Aedes also stops reading a
// connection until its packets are handled, which is the back-pressure that bounds memory.
// Topics are checked level by level (topics.ts); connections are capped per address, packets by their
// declared size, and a client has `connectTimeoutMs` to sign in (mqtt-limits.ts).

export interface EmbeddedBroker {
  aedes: Aedes;
  port: number;
  /** Devices connected now (by inventory id). */
  connected(deviceId: number): boolean;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  db: Db;
  uplink: Uplink;
  port: number;
  host?: string;
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
  const online = new Map<number, number>();
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
      // Server-side publishes (commands) have no client.
      if (!client) return done(null);
      const device = identities.get(client);
      const topic = parseUplink(packet.topic);
      if (!device || !topic || !mayPublish(device.code, packet.topic)) {
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      }
      // Uplink topics are consumed here: nothing a device sends is kept for later subscribers.
      packet.retain = false;
      uplink.receive(device, topic.kind, packet.payload as Buffer).then(
        (result) => {
          if (!result.ok) log.debug({ device: device.code, reason: result.reason }, 'mqtt: message refused');
          // A refused payload is acknowledged all the same: sending it again cannot make it valid.
          done(null);
        },
        (error: unknown) => {
          log.error({ err: error, device: device.code }, 'mqtt: ingest failed');
          done(error as Error);
        },
      );
    },
    authorizeSubscribe(client, subscription, done) {
      const device = identities.get(client);
      if (!device || !maySubscribe(device.code, subscription.topic)) {
        return done(new Error(`not allowed to subscribe to ${subscription.topic}`));
      }
      done(null, subscription);
    },
    // Telemetry is consumed here, not forwarded to other clients.
    authorizeForward(client, packet) {
      return parseUplink(packet.topic) ? null : packet;
    },
  });

  aedes.on('clientReady', (client) => {
    const device = identities.get(client);
    if (device) online.set(device.id, (online.get(device.id) ?? 0) + 1);
  });
  aedes.on('clientDisconnect', (client) => {
    const device = identities.get(client);
    if (!device) return;
    const left = (online.get(device.id) ?? 1) - 1;
    if (left <= 0) online.delete(device.id);
    else online.set(device.id, left);
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

  const server: Server = createServer((socket) => {
    const admitted = counter.admit(socket);
    if (!admitted) return;
    signedIn.set(aedes.handle(admitted.stream), admitted.signedIn);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    aedes,
    port,
    connected: (deviceId) => online.has(deviceId),
    close: () =>
      new Promise<void>((resolve) => {
        aedes.close(() => server.close(() => resolve()));
      }),
  };
}
