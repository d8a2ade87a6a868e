import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startServer } from './start';
import { checkPorts } from './start-checks';
import { makeCertificates, removeCertificates, type TestCertificates } from './testing/certificates';

// The broker's TLS settings are checked at start, each problem named by its variable: files that
// cannot be read or hold no certificate or key, a key that is not the certificate's, settings given
// where they do nothing, a listener set off with no other way in, and ports that clash or are taken.

let certs: TestCertificates;
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'rms-tls-config-'));
const base = () => ({ DATA_DIR: dataDir(), DEMO: '0', LOG_LEVEL: 'silent' });
const withTls = () => ({ ...base(), MQTT_TLS_CERT: certs.server.cert, MQTT_TLS_KEY: certs.server.key });

beforeAll(() => {
  certs = makeCertificates();
});
afterAll(removeCertificates);

describe('the embedded broker’s TLS settings', () => {
  it('serves MQTTS on 8883 and WSS on 8884 once it has a certificate; plain MQTT stays on 1883', () => {
    const config = loadConfig(withTls());
    expect(config.mqttPort).toBe(1883);
    expect(config.mqttTls).toMatchObject({
      mqttsPort: 8883,
      wssPort: 8884,
      files: { cert: certs.server.cert, key: certs.server.key },
    });
    expect(loadConfig(base()).mqttTls).toBeUndefined();
  });

  it('turns each listener off with `off`, but not all of them', () => {
    const config = loadConfig({ ...withTls(), MQTT_PORT: 'off', MQTT_WSS_PORT: 'OFF', MQTTS_PORT: '9883' });
    expect([config.mqttPort, config.mqttTls?.mqttsPort, config.mqttTls?.wssPort]).toEqual([null, 9883, null]);
    expect(() =>
      loadConfig({ ...withTls(), MQTT_PORT: 'off', MQTTS_PORT: 'off', MQTT_WSS_PORT: 'off' }),
    ).toThrow(/MQTT_PORT, MQTTS_PORT and MQTT_WSS_PORT are all off/);
    expect(() => loadConfig({ ...base(), MQTT_PORT: 'off' })).toThrow(
      /MQTT_PORT=off leaves devices no way to connect: set MQTT_TLS_CERT and MQTT_TLS_KEY/,
    );
    expect(() => loadConfig({ ...base(), MQTT_PORT: 'none' })).toThrow(
      /MQTT_PORT: a port number \(0 to 65535\) or off/,
    );
  });

  it('names the file that cannot be read, or holds no certificate or key', () => {
    const missing = path.join(certs.dir, 'missing.pem');
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_CERT: missing })).toThrow(
      `MQTT_TLS_CERT: cannot read ${missing} (no such file)`,
    );
    const unreadable = path.join(certs.dir, 'unreadable.key');
    writeFileSync(unreadable, 'secret');
    chmodSync(unreadable, 0o000);
    // Root reads any file: then it is the content that is refused.
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_KEY: unreadable })).toThrow(
      process.getuid?.() === 0
        ? /MQTT_TLS_KEY: .* holds no PEM private key/
        : /MQTT_TLS_KEY: cannot read .*permission denied/,
    );
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_CERT: certs.server.key })).toThrow(
      /MQTT_TLS_CERT: .*server\.key holds no PEM certificate/,
    );
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_KEY: certs.server.cert })).toThrow(
      /MQTT_TLS_KEY: .*server\.pem holds no PEM private key/,
    );
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_CA: certs.caKey })).toThrow(
      /MQTT_TLS_CA: .* holds no PEM certificate/,
    );
  });

  it('refuses a key that is not the certificate’s', () => {
    expect(() => loadConfig({ ...withTls(), MQTT_TLS_KEY: certs.client.key })).toThrow(
      /MQTT_TLS_KEY: the key in .*client\.key does not belong to the certificate in .*server\.pem \(MQTT_TLS_CERT\)/,
    );
  });

  it('wants the certificate and key together, and TLS ports only with them', () => {
    expect(() => loadConfig({ ...base(), MQTT_TLS_CERT: certs.server.cert })).toThrow(
      /MQTT_TLS_CERT and MQTT_TLS_KEY must be set together/,
    );
    expect(() => loadConfig({ ...base(), MQTTS_PORT: '8883' })).toThrow(
      /MQTTS_PORT: the embedded broker serves TLS only with MQTT_TLS_CERT and MQTT_TLS_KEY set/,
    );
  });

  it('refuses MQTT_PORT=off while the demo fleet would need it', () => {
    expect(() => loadConfig({ ...withTls(), DEMO: '1', MQTT_PORT: 'off' })).toThrow(
      /MQTT_PORT=off: .*Set DEMO=0/,
    );
  });
});

describe('the server’s TLS to an external broker', () => {
  const external = { MQTT_CA: '', MQTT_CERT: '', MQTT_KEY: '' };
  beforeAll(() => {
    Object.assign(external, { MQTT_CA: certs.ca, MQTT_CERT: certs.client.cert, MQTT_KEY: certs.client.key });
  });

  it('reads the CA, client certificate and key for an mqtts:// or wss:// MQTT_URL', () => {
    for (const url of ['mqtts://broker.example:8883', 'wss://broker.example/mqtt']) {
      const config = loadConfig({ ...base(), MQTT_URL: url, ...external });
      expect(config.mqttClientTls?.ca?.toString()).toContain('BEGIN CERTIFICATE');
      expect(config.mqttClientTls?.key?.toString()).toContain('PRIVATE KEY');
    }
    // A CA alone (a broker whose certificate a private CA signed, no client certificate) is enough.
    expect(
      loadConfig({ ...base(), MQTT_URL: 'mqtts://b:8883', MQTT_CA: certs.ca }).mqttClientTls?.cert,
    ).toBeUndefined();
  });

  it('refuses them on a plain MQTT_URL, without MQTT_URL, or the certificate without its key', () => {
    expect(() => loadConfig({ ...base(), MQTT_URL: 'mqtt://broker:1883', ...external })).toThrow(
      /MQTT_CA, MQTT_CERT, MQTT_KEY: need MQTT_URL on TLS \(mqtts:\/\/host:8883 or wss:\/\/host\/path\), not mqtt:\/\//,
    );
    expect(() => loadConfig({ ...base(), ...external })).toThrow(
      /for the server's connection to an external broker \(MQTT_URL\); the embedded broker's certificate is MQTT_TLS_CERT/,
    );
    expect(() => loadConfig({ ...base(), MQTT_URL: 'mqtts://b:8883', MQTT_CERT: certs.client.cert })).toThrow(
      /MQTT_CERT and MQTT_KEY must be set together/,
    );
    expect(() =>
      loadConfig({
        ...base(),
        MQTT_URL: 'mqtts://b:8883',
        MQTT_CERT: certs.client.cert,
        MQTT_KEY: certs.server.key,
      }),
    ).toThrow(
      /MQTT_KEY: the key in .*server\.key does not belong to the certificate in .*client\.pem \(MQTT_CERT\)/,
    );
  });

  it('refuses the embedded broker’s TLS settings with MQTT_URL', () => {
    expect(() =>
      loadConfig({
        ...base(),
        MQTT_URL: 'mqtts://b:8883',
        MQTT_TLS_CERT: certs.server.cert,
        MQTT_TLS_KEY: certs.server.key,
      }),
    ).toThrow(/MQTT_TLS_CERT, MQTT_TLS_KEY: for the embedded broker, which does not run with MQTT_URL/);
  });
});

describe('the TLS ports at start', () => {
  let held: net.Server;
  let heldPort: number;
  beforeAll(async () => {
    held = net.createServer();
    await new Promise<void>((resolve) => held.listen(0, '0.0.0.0', resolve));
    heldPort = (held.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

  it('refuses two listeners on one port, naming both variables', async () => {
    await expect(
      checkPorts(loadConfig({ ...withTls(), PORT: '0', MQTT_PORT: '18883', MQTTS_PORT: '18883' })),
    ).rejects.toThrow('MQTT_PORT and MQTTS_PORT are both 18883: each needs a port of its own.');
    await expect(
      checkPorts(
        loadConfig({ ...withTls(), PORT: '18884', MQTT_PORT: '0', MQTTS_PORT: '0', MQTT_WSS_PORT: '18884' }),
      ),
    ).rejects.toThrow('PORT and MQTT_WSS_PORT are both 18884');
  });

  it('stops on a taken TLS port before creating anything, naming its variable', async () => {
    const dir = path.join(dataDir(), 'data');
    const env = { ...withTls(), DATA_DIR: dir, PORT: '0', MQTT_PORT: '0', MQTT_WSS_PORT: '0' };
    await expect(startServer(loadConfig({ ...env, MQTTS_PORT: String(heldPort) }))).rejects.toThrow(
      new RegExp(
        `MQTT over TLS port ${heldPort} is already in use .*Set MQTTS_PORT to a free port, or MQTTS_PORT=off`,
      ),
    );
    await expect(
      startServer(loadConfig({ ...env, MQTTS_PORT: '0', MQTT_WSS_PORT: String(heldPort) })),
    ).rejects.toThrow(/MQTT over WebSocket \(TLS\) port .* Set MQTT_WSS_PORT/);
  });
});
