import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { verifyDevice, type DeviceIdentity } from './device-keys';
import { commandTopic, parseUplink } from './topics';
import type { Uplink } from './uplink';

// The embedded MQTT broker (Aedes, MQTT 3.1.1 and 5). A device signs in with its RMS ID as username and
// its key as password, and may publish only to rms/<its id>/{telemetry,fault,ack} and subscribe only to
// rms/<its id>/cmd. Ingest happens inside authorizePublish: Aedes sends a QoS 1 PUBACK only after that
// callback, so the device hears "stored" only once its batch has committed. Aedes also stops reading a
// connection until its packets are handled, which is the back-pressure that bounds memory.

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
}

export async function startEmbeddedBroker(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const { db, uplink, log } = options;
  const identities = new WeakMap<Client, DeviceIdentity>();
  const online = new Map<number, number>();
  const refuse = (code: number, message: string) =>
    Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;

  const aedes = await Aedes.createBroker({
    // A device sends a few messages per minute; a client id as long as an RMS ID must fit.
    maxClientsIdLength: 128,
    drainTimeout: 30_000,
    authenticate(client, username, password, done) {
      verifyDevice(db, username ?? '', password?.toString('utf8') ?? '').then(
        (device) => {
          if (!device) return done(refuse(4, 'bad device id or key'), false);
          identities.set(client, device);
          done(null, true);
        },
        (error: unknown) => {
          log.error({ err: error }, 'mqtt: device sign-in failed');
          done(refuse(3, 'server unavailable'), false);
        },
      );
    },
    authorizePublish(client, packet, done) {
      const device = client ? identities.get(client) : undefined;
      const topic = parseUplink(packet.topic);
      // Server-side publishes (commands) have no client.
      if (!client) return done(null);
      if (!device || !topic || topic.code !== device.code) {
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      }
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
      if (!device || subscription.topic !== commandTopic(device.code)) {
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
    if (device && subscriptions.some((s) => s.topic === commandTopic(device.code)))
      options.onDeviceReady(device);
  });

  const server: Server = createServer(aedes.handle);
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
