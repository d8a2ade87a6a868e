import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Db } from '../db/client';
import type { TlsPem } from '../tls-files';
import { findDevice, type DeviceIdentity } from './device-keys';
import type { Broker } from './broker';
import type { Publisher } from './command-dispatcher';
import { InFlight } from './in-flight';
import { parseUplink } from './topics';
import type { Uplink } from './uplink';

// Ingest from an external broker (MQTT_URL: Mosquitto, EMQX). The server subscribes through a shared
// subscription, so several server instances split the devices' messages, with fixed client ids and
// persistent sessions, so messages published while it was away wait at the broker. Each message is
// acknowledged (PUBACK) only after its batch has committed; one whose ingest failed is not
// acknowledged, and its connection is reopened so that the broker sends it again. mqtt.js handles one
// incoming message per connection at a time, so a pool of connections lets many messages share a batch.
//
// Device sign-in and topic rights belong to the external broker here: configure it so that a device
// (username = RMS ID) may only publish to rms/%u/{telemetry,fault,ack} and subscribe to
// rms/%u/{cmd,reject} (Mosquitto: `pattern write rms/%u/telemetry` ... and `pattern read rms/%u/cmd`,
// `pattern read rms/%u/reject` in its ACL file). The topic then names the device.
// The broker acknowledges a device's PUBLISH itself, before the server sees it, so a refused message
// cannot be answered with an MQTT 5 reason code here: the device hears of it on rms/<id>/reject.

export const SHARED_GROUP = 'rms-ingest';

export interface ExternalBroker extends Publisher, Broker {}

export async function connectExternalBroker(options: {
  url: string;
  /** For an mqtts:// or wss:// URL: the CA that signed the broker's certificate, and a client certificate. */
  tls?: TlsPem;
  db: Db;
  uplink: Uplink;
  log: FastifyBaseLogger;
  connections?: number;
  /** Shared-subscription group: every server instance of one deployment uses the same. */
  group?: string;
  clientIdPrefix?: string;
  /** How long the broker keeps the session (and queues messages) while the server is away. */
  sessionExpirySeconds?: number;
}): Promise<ExternalBroker> {
  const { db, uplink, log } = options;
  const devices = new DeviceCache(db);
  const group = options.group ?? SHARED_GROUP;
  const prefix = options.clientIdPrefix ?? `${group}-${hostname()}`;
  const clients: MqttClient[] = [];
  const inFlight = new InFlight();
  for (let i = 0; i < (options.connections ?? 16); i++) {
    // The handler is in place before connecting: a resumed session delivers what waited at once.
    const client = mqtt.connect(options.url, {
      clientId: `${prefix}-${i}`,
      clean: false,
      protocolVersion: 5,
      properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 7 * 86_400 },
      reconnectPeriod: 2000,
      manualConnect: true,
      ...options.tls,
    });
    client.handleMessage = (packet, done) => {
      const topic = parseUplink(packet.topic);
      if (!topic) return done();
      // A stop under way takes nothing more: unacknowledged, the broker keeps it for the session.
      if (!inFlight.open) return;
      void inFlight.run(() =>
        devices
          .byCode(topic.code)
          .then((device) => (device ? uplink.receive(device, topic.kind, packet.payload as Buffer) : null))
          .then(
            () => {
              // PUBACK follows: the message is committed (or refused and counted). Per instance, at
              // debug level: which instance took which message.
              log.debug({ topic: packet.topic }, 'mqtt: message taken');
              done();
            },
            (error: unknown) => {
              log.error(
                { err: error, topic: packet.topic },
                'mqtt: ingest failed, taken again on a new connection',
              );
              done(error as Error);
              // Unacknowledged, the message waits at the broker, which sends it again only on a new
              // connection (MQTT 5): this one is dropped, and reopened after reconnectPeriod.
              client.stream.destroy();
            },
          ),
      );
    };
    client.on('error', (error) => log.warn({ err: error }, 'mqtt: broker connection error'));
    const connected = new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    client.connect();
    await connected;
    await client.subscribeAsync(
      ['telemetry', 'fault', 'ack'].map((kind) => `$share/${group}/rms/+/${kind}`),
      { qos: 1 },
    );
    clients.push(client);
  }
  return {
    publish: async (topic, payload, qos = 1) => {
      await clients[0]!.publishAsync(topic, payload, { qos });
    },
    // The broker keeps commands for devices with persistent sessions; whether a device is there is not known here.
    connected: () => true,
    status: () => ({ connected: clients.every((c) => c.connected), clients: null }),
    // The broker's listener is not this server's to close.
    stopAccepting: () => {},
    close: async () => {
      // The messages taken in are committed and acknowledged before the connections end.
      await inFlight.close();
      await Promise.all(clients.map((c) => c.endAsync()));
    },
  };
}

/** RMS ID → device, cached for a minute (the external broker has already checked the device's key). */
class DeviceCache {
  private readonly cache = new Map<string, { device: DeviceIdentity | null; until: number }>();
  constructor(private readonly db: Db) {}

  async byCode(code: string): Promise<DeviceIdentity | null> {
    const hit = this.cache.get(code);
    if (hit && hit.until > Date.now()) return hit.device;
    const device = await findDevice(this.db, code);
    if (this.cache.size > 100_000) this.cache.clear();
    this.cache.set(code, { device, until: Date.now() + 60_000 });
    return device;
  }
}
