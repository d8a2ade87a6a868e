import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { BrokerTls } from './broker-tls';
import type { Admission } from './mqtt-limits';

// The embedded broker's three ways in: plain MQTT (MQTT_PORT), MQTT over TLS (MQTTS_PORT) and MQTT over
// WebSocket with TLS (MQTT_WSS_PORT). Each connection is counted against its address's caps as its TCP
// connection arrives (`admit`; for TLS before the handshake, so clients that open connections and stall
// the handshake are capped like those that never sign in), then handed to the broker (`connect`) as the
// stream that carries MQTT; the limits, the MQTT 5 bridge and sign-in are the same on all three
// (embedded-broker.ts). TLS ports take the TCP connection on a listener of their own and inject it
// into a TLS (or HTTPS) server that does not listen itself; the secure socket it makes is matched back
// to its count by the peer's address and port.

export type Admit = (socket: Socket) => Admission | null;
export type Connect = (admission: Admission, carrier: Duplex) => void;

export interface Listening {
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, port: number, host: string | undefined): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Plain MQTT over TCP. */
export function listenMqtt(port: number, host: string | undefined, admit: Admit, connect: Connect) {
  return listen(
    createServer((socket) => {
      const admission = admit(socket);
      if (admission) connect(admission, socket);
    }),
    port,
    host,
  );
}

const peer = (socket: Socket) => `${socket.remoteAddress}|${socket.remotePort}`;

/**
 * Listens for TCP connections, counts each, and hands it to `secure` (a TLS or HTTPS server that does
 * the handshake); `admissionOf` then answers the count of the secure socket it made.
 */
async function listenSecure(port: number, host: string | undefined, secure: TlsServer, admit: Admit) {
  const admissions = new Map<string, Admission>();
  const tcp = createServer((raw) => {
    const admission = admit(raw);
    if (!admission) return;
    const key = peer(raw);
    admissions.set(key, admission);
    raw.once('close', () => admissions.delete(key));
    secure.emit('connection', raw);
  });
  const listening = await listen(tcp, port, host);
  return {
    listening,
    admissionOf(socket: Socket): Admission | undefined {
      return admissions.get(peer(socket));
    },
  };
}

/**
 * A handshake that failed or timed out (a plain-text client, no certificate, a stall): with a listener
 * for this event the TLS server leaves the socket to it, so it is closed here (and its count ends).
 */
const endFailedHandshake = (_error: Error, socket: TLSSocket) => socket.destroy();

/** The TLS server options every TLS port shares: the certificate, and with a CA, client certificates required. */
function tlsOptions(tls: BrokerTls, handshakeMs: number) {
  return {
    ...tls.options,
    requestCert: tls.requireClientCert,
    rejectUnauthorized: tls.requireClientCert,
    handshakeTimeout: handshakeMs,
  };
}

/** MQTT over TLS; with a client CA, a client without a certificate it signed fails the handshake. */
export async function listenMqtts(
  port: number,
  host: string | undefined,
  tls: BrokerTls,
  handshakeMs: number,
  admit: Admit,
  connect: Connect,
): Promise<Listening> {
  const secure = createTlsServer(tlsOptions(tls, handshakeMs));
  tls.onChange((options) => secure.setSecureContext(options));
  secure.on('tlsClientError', endFailedHandshake);
  const { listening, admissionOf } = await listenSecure(port, host, secure, admit);
  secure.on('secureConnection', (socket: TLSSocket) => {
    const admission = admissionOf(socket);
    if (admission) connect(admission, socket);
    else socket.destroy();
  });
  return listening;
}

/**
 * MQTT over WebSocket with TLS, on any path (clients commonly use /mqtt), subprotocol `mqtt`. A WebSocket
 * message is buffered whole before it is passed on, so messages are capped near the largest packet.
 */
export async function listenWss(
  port: number,
  host: string | undefined,
  tls: BrokerTls,
  limits: { handshakeMs: number; maxMessageBytes: number },
  admit: Admit,
  connect: Connect,
): Promise<Listening> {
  const https = createHttpsServer(
    {
      ...tlsOptions(tls, limits.handshakeMs),
      // The upgrade request, too, must come within the time a client has to sign in.
      headersTimeout: limits.handshakeMs,
      requestTimeout: limits.handshakeMs,
    },
    (_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain', connection: 'close', upgrade: 'websocket' });
      response.end('MQTT over WebSocket only\n');
    },
  );
  tls.onChange((options) => https.setSecureContext(options));
  https.on('tlsClientError', endFailedHandshake);
  const { listening, admissionOf } = await listenSecure(port, host, https, admit);
  const wss = new WebSocketServer({
    server: https,
    maxPayload: limits.maxMessageBytes,
    handleProtocols: (protocols) =>
      protocols.has('mqtt') ? 'mqtt' : protocols.has('mqttv3.1') ? 'mqttv3.1' : false,
  });
  wss.on('connection', (ws, request) => {
    const admission = admissionOf(request.socket);
    if (admission) connect(admission, createWebSocketStream(ws));
    else ws.terminate();
  });
  return {
    port: listening.port,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listening.close();
    },
  };
}
