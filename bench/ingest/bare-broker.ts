import { createServer } from 'node:net';
import { Aedes } from 'aedes';

// The yardstick of `--broker-only`: a bare Aedes broker in its own process that accepts every device
// and only PUBACKs (nothing parsed, validated or stored), on the same box, with the same publishers.
// What it passes is the ceiling of MQTT QoS 1 on this machine for one broker thread: the server's
// main thread does this much for every message too, before the ingest workers do the rest.

const aedes = await Aedes.createBroker();
// Uplink messages are consumed, as the server does: nothing forwarded to subscribers.
aedes.authorizeForward = () => null;
const server = createServer((socket) => aedes.handle(socket));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as { port: number }).port;

process.on('message', (m: { type: string; devices?: number }) => {
  if (m.type === 'setup') {
    const devices = Array.from({ length: m.devices ?? 0 }, (_, i) => ({
      id: i + 1,
      code: `RMS-BENCH-${String(i + 1).padStart(5, '0')}`,
      key: 'any',
    }));
    process.send!({ type: 'setup', port, devices, kind: 'broker only', ingestWorkers: 'none' });
  } else if (m.type === 'stop') {
    server.close();
    aedes.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(1));
process.send!({ type: 'started' });
