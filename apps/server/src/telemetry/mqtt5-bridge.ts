import { randomUUID } from 'node:crypto';
import { Duplex } from 'node:stream';
import mqttPacket, { type IConnectPacket, type Packet, type Parser } from 'mqtt-packet';

// MQTT 5 for the embedded broker. Aedes 1.2 speaks MQTT 3.1 and 3.1.1 only (a version 5 CONNECT is
// refused); its MQTT 5 work is a 2.0 beta. This sits between a device's connection and Aedes:
// a client whose CONNECT says 3.1 or 3.1.1 passes through byte for byte, and a client that speaks MQTT 5
// is translated packet by packet (mqtt-packet parses and writes both versions) to 3.1.1 for Aedes, and
// Aedes' answers back to MQTT 5. So every rule of the broker (sign-in, topic rights, the PUBACK only
// after the batch has committed, back-pressure, the limits) holds for both, and an MQTT 5 device gets
// what MQTT 5 adds for it here: a reason code and reason string on the PUBACK of a message the server
// refused (`refuse`, called by the broker before it acknowledges), reason codes on CONNACK, SUBACK and
// UNSUBACK, and the server's limits in the CONNACK (maximum QoS 1, maximum packet size; no topic
// aliases, wildcard, shared or identified subscriptions, which a device has no use for).
// Not offered to MQTT 5 clients: enhanced authentication (AUTH), QoS 2 (refused with 0x9B, as the
// CONNACK announces), topic aliases (0x94); session expiry maps to 3.1.1's clean session (a session
// that may outlive its connection is kept as Aedes keeps 3.1.1 sessions); properties a client sends
// (user properties, content type...) are not forwarded, since the server consumes every uplink itself.

/** MQTT 5 reason codes used here (MQTT 5.0 §2.4). */
const RC = {
  success: 0x00,
  unspecifiedError: 0x80,
  malformedPacket: 0x81,
  protocolError: 0x82,
  unsupportedProtocolVersion: 0x84,
  clientIdentifierNotValid: 0x85,
  badUserNameOrPassword: 0x86,
  notAuthorized: 0x87,
  serverUnavailable: 0x88,
  badAuthenticationMethod: 0x8c,
  topicAliasInvalid: 0x94,
  qosNotSupported: 0x9b,
} as const;

/** CONNACK: 3.1.1 return code → MQTT 5 reason code. */
const CONNACK_CODES = [
  RC.success,
  RC.unsupportedProtocolVersion,
  RC.clientIdentifierNotValid,
  RC.serverUnavailable,
  RC.badUserNameOrPassword,
  RC.notAuthorized,
];

export interface PublishOutcome {
  /** MQTT 5 reason code of the PUBACK (0x00: accepted). */
  code: number;
  /** Reason String sent with it (when the client did not turn problem information off). */
  reason: string;
}

export interface BridgeOptions {
  /** Announced to MQTT 5 clients as the Maximum Packet Size (the size guard enforces it). */
  maxPacketBytes: number;
}

/**
 * A device's connection as Aedes reads and writes it (`stream`), speaking 3.1.1 whatever the device
 * speaks. `version` is known once the device's CONNECT has arrived.
 */
export class Mqtt5Bridge {
  /** The connection Aedes handles. */
  readonly stream: Duplex;
  /** The device's protocol version (3, 4 or 5); 0 until its CONNECT has been read. */
  version = 0;
  private mode: 'sniff' | 'pass' | 'v5' = 'sniff';
  private readonly sniffed: Buffer[] = [];
  private readonly up: Parser = mqttPacket.parser();
  private readonly down: Parser = mqttPacket.parser({ protocolVersion: 4 });
  /** Answers for the PUBACK of a device's publish, by packet id (set before Aedes acknowledges). */
  private readonly outcomes = new Map<number, PublishOutcome>();
  /** Topics of each UNSUBSCRIBE awaiting its UNSUBACK (MQTT 5 answers a reason code per topic). */
  private readonly unsubscribes = new Map<number, number>();
  private problemInformation = true;
  private assignedClientId: string | null = null;
  private closing = false;

  constructor(
    private readonly client: Duplex,
    private readonly options: BridgeOptions,
  ) {
    this.stream = new Duplex({
      read: () => {
        client.resume();
      },
      write: (chunk: Buffer, _encoding, done) => {
        this.fromBroker(chunk, done);
      },
      final(done) {
        client.end();
        done();
      },
      destroy(error, done) {
        client.destroy();
        done(error);
      },
    });
    client.on('data', (chunk: Buffer) => this.fromClient(chunk));
    client.on('end', () => this.stream.push(null));
    client.on('close', () => this.stream.destroy());
    client.on('error', () => this.stream.destroy());
    this.up.on('packet', (packet: Packet) => this.onClientPacket(packet));
    this.up.on('error', () => {
      if (this.mode === 'v5') this.disconnect(RC.malformedPacket);
      else if (this.mode === 'sniff') this.pass();
    });
    this.down.on('packet', (packet: Packet) => this.onBrokerPacket(packet));
  }

  /** Whether the device speaks MQTT 5 (its CONNECT has been read). */
  get isV5(): boolean {
    return this.mode === 'v5';
  }

  /**
   * Answers the device's PUBLISH `messageId` (QoS 1) with `code` and `reason` instead of success. Call
   * before the broker acknowledges it; without MQTT 5 there is no way to say it, and this does nothing.
   */
  refuse(messageId: number | undefined, outcome: PublishOutcome): void {
    if (this.mode === 'v5' && messageId !== undefined) this.outcomes.set(messageId, outcome);
  }

  /** Bytes to end the connection with, for a refusal the broker never sees (a packet too large). */
  lastWords(code: number, reason: string): Buffer | null {
    if (this.mode !== 'v5') return null;
    return mqttPacket.generate(
      { cmd: 'disconnect', reasonCode: code, ...this.reasonProperties(reason) },
      { protocolVersion: 5 },
    );
  }

  // ---- device → broker

  private fromClient(chunk: Buffer): void {
    if (this.mode === 'pass') return this.toBroker(chunk);
    if (this.mode === 'sniff') this.sniffed.push(chunk);
    this.up.parse(chunk);
  }

  private toBroker(bytes: Buffer): void {
    if (!this.stream.push(bytes)) this.client.pause();
  }

  /** Not MQTT 5: from here on, bytes pass through as they are (Aedes reads 3.1 and 3.1.1 itself). */
  private pass(): void {
    this.mode = 'pass';
    const bytes = Buffer.concat(this.sniffed.splice(0));
    if (bytes.length > 0) this.toBroker(bytes);
  }

  private onClientPacket(packet: Packet): void {
    if (this.mode === 'sniff') {
      if (packet.cmd === 'connect' && packet.protocolVersion === 5) {
        this.version = 5;
        this.mode = 'v5';
        this.sniffed.length = 0;
        return this.connect(packet);
      }
      this.version = packet.cmd === 'connect' ? (packet.protocolVersion ?? 4) : 0;
      return this.pass();
    }
    if (this.mode !== 'v5' || this.closing) return;
    switch (packet.cmd) {
      case 'publish': {
        if (packet.qos === 2) return this.disconnect(RC.qosNotSupported, 'the maximum QoS is 1');
        if (packet.properties?.topicAlias !== undefined)
          return this.disconnect(RC.topicAliasInvalid, 'topic aliases are not used');
        const { topic, payload, qos, retain, dup, messageId } = packet;
        return this.send({ cmd: 'publish', topic, payload, qos, retain, dup, messageId });
      }
      case 'puback':
      case 'pubrec':
      case 'pubrel':
      case 'pubcomp':
        return this.send({ cmd: packet.cmd, messageId: packet.messageId });
      case 'subscribe':
        return this.send({
          cmd: 'subscribe',
          messageId: packet.messageId,
          subscriptions: packet.subscriptions.map((s) => ({ topic: s.topic, qos: s.qos === 2 ? 1 : s.qos })),
        });
      case 'unsubscribe':
        if (packet.messageId !== undefined)
          this.unsubscribes.set(packet.messageId, packet.unsubscriptions.length);
        return this.send({
          cmd: 'unsubscribe',
          messageId: packet.messageId,
          unsubscriptions: packet.unsubscriptions,
        });
      case 'pingreq':
        return this.send({ cmd: 'pingreq' });
      case 'disconnect':
        // 0x04: "disconnect with Will Message". A 3.1.1 DISCONNECT discards the will; ending the
        // connection without one makes Aedes publish it.
        if (packet.reasonCode === 0x04) return void this.stream.push(null);
        return this.send({ cmd: 'disconnect' });
      case 'auth':
        return this.disconnect(RC.protocolError, 'enhanced authentication is not offered');
      default:
        return this.disconnect(RC.protocolError);
    }
  }

  private connect(packet: IConnectPacket): void {
    const properties = packet.properties ?? {};
    if (properties.authenticationMethod !== undefined) {
      return this.refuseConnect(RC.badAuthenticationMethod, 'enhanced authentication is not offered');
    }
    if (properties.requestProblemInformation === false) this.problemInformation = false;
    let clientId = packet.clientId;
    if (!clientId) clientId = this.assignedClientId = `rms5-${randomUUID()}`;
    // A session that may outlive the connection (Session Expiry > 0) is a 3.1.1 persistent session.
    const clean = packet.clean && !(properties.sessionExpiryInterval ?? 0);
    const will = packet.will && {
      topic: packet.will.topic,
      payload: packet.will.payload,
      qos: packet.will.qos,
      retain: packet.will.retain,
    };
    this.send({
      cmd: 'connect',
      protocolId: 'MQTT',
      protocolVersion: 4,
      clean,
      clientId,
      keepalive: packet.keepalive,
      ...(packet.username !== undefined && { username: packet.username }),
      ...(packet.password !== undefined && { password: packet.password }),
      ...(will && { will }),
    });
  }

  /** A packet to Aedes, written as 3.1.1. */
  private send(packet: Packet): void {
    this.toBroker(mqttPacket.generate(packet, { protocolVersion: 4 }));
  }

  // ---- broker → device

  private fromBroker(chunk: Buffer, done: (error?: Error | null) => void): void {
    if (this.mode !== 'v5') return this.toClient(chunk, done);
    const out: Buffer[] = [];
    this.outbox = out;
    this.down.parse(chunk);
    this.outbox = null;
    if (out.length === 0) return done();
    this.toClient(Buffer.concat(out), done);
  }

  private outbox: Buffer[] | null = null;

  private toClient(bytes: Buffer, done: (error?: Error | null) => void): void {
    if (this.client.destroyed) return done();
    if (this.client.write(bytes)) return done();
    const drained = () => {
      this.client.off('close', drained);
      this.client.off('drain', drained);
      done();
    };
    this.client.once('drain', drained);
    this.client.once('close', drained);
  }

  private onBrokerPacket(packet: Packet): void {
    const v5 = this.translateDown(packet);
    if (!v5) return;
    const bytes = mqttPacket.generate(v5, { protocolVersion: 5 });
    if (this.outbox) this.outbox.push(bytes);
    else this.client.write(bytes);
  }

  private translateDown(packet: Packet): Packet | null {
    switch (packet.cmd) {
      case 'connack': {
        const code = CONNACK_CODES[packet.returnCode ?? 0] ?? RC.unspecifiedError;
        if (code !== RC.success) return { cmd: 'connack', sessionPresent: false, reasonCode: code };
        return {
          cmd: 'connack',
          sessionPresent: packet.sessionPresent,
          reasonCode: code,
          properties: {
            maximumQoS: 1,
            maximumPacketSize: this.options.maxPacketBytes,
            wildcardSubscriptionAvailable: false,
            sharedSubscriptionAvailable: false,
            subscriptionIdentifiersAvailable: false,
            ...(this.assignedClientId && { assignedClientIdentifier: this.assignedClientId }),
          },
        };
      }
      case 'puback':
      case 'pubrec': {
        const outcome = packet.messageId === undefined ? undefined : this.outcomes.get(packet.messageId);
        if (!outcome) return { cmd: packet.cmd, messageId: packet.messageId, reasonCode: RC.success };
        this.outcomes.delete(packet.messageId!);
        return {
          cmd: packet.cmd,
          messageId: packet.messageId,
          reasonCode: outcome.code,
          ...this.reasonProperties(outcome.reason),
        };
      }
      case 'pubrel':
      case 'pubcomp':
        return { cmd: packet.cmd, messageId: packet.messageId, reasonCode: RC.success };
      case 'suback':
        return {
          cmd: 'suback',
          messageId: packet.messageId,
          // 3.1.1's only failure (128) is a subscription the device may not make.
          granted: (packet.granted as number[]).map((g) => (g === 128 ? RC.notAuthorized : g)),
        };
      case 'unsuback': {
        const count = this.unsubscribes.get(packet.messageId!) ?? 1;
        this.unsubscribes.delete(packet.messageId!);
        return {
          cmd: 'unsuback',
          messageId: packet.messageId,
          granted: Array<number>(count).fill(RC.success),
        };
      }
      case 'publish': {
        const { topic, payload, qos, retain, dup, messageId } = packet;
        return { cmd: 'publish', topic, payload, qos, retain, dup, messageId };
      }
      case 'pingresp':
        return packet;
      default:
        return null;
    }
  }

  // ---- ending

  private refuseConnect(code: number, reason: string): void {
    this.closing = true;
    this.client.end(
      mqttPacket.generate(
        { cmd: 'connack', sessionPresent: false, reasonCode: code, ...this.reasonProperties(reason) },
        { protocolVersion: 5 },
      ),
    );
    this.stream.push(null);
  }

  /** Ends the connection with an MQTT 5 DISCONNECT carrying `code` (a protocol error by the device). */
  private disconnect(code: number, reason = ''): void {
    if (this.closing) return;
    this.closing = true;
    const bytes = mqttPacket.generate(
      { cmd: 'disconnect', reasonCode: code, ...this.reasonProperties(reason) },
      { protocolVersion: 5 },
    );
    this.client.end(bytes);
    // The device may keep the connection open: it ends here either way.
    setTimeout(() => this.client.destroy(), 1000).unref();
    this.stream.push(null);
  }

  private reasonProperties(reason: string) {
    return this.problemInformation && reason ? { properties: { reasonString: reason.slice(0, 256) } } : {};
  }
}
