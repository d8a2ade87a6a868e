import { createSecureContext, type SecureContext, type SecureContextOptions } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError } from '../config-error';
import { loadTlsFiles, type LoadedTls, type TlsFiles } from '../tls-files';

// The embedded broker's certificate, read from its files (MQTT_TLS_CERT, MQTT_TLS_KEY, MQTT_TLS_CA) and
// read again every minute: a renewed certificate written over the files (by certbot, say) is served to
// the connections that open after it, without a restart and without dropping the devices connected
// now. A pair that does not load (the key written but not yet the certificate) keeps the one before.

const SERVER_TLS = { cert: 'MQTT_TLS_CERT', key: 'MQTT_TLS_KEY', ca: 'MQTT_TLS_CA' } as const;
/** A certificate this close to its end is named in a warning at start and at each reload. */
const WARN_BEFORE_MS = 14 * 86_400_000;

export class BrokerTls {
  private loaded: LoadedTls;
  private secure: SecureContext;
  private readonly changed = new Set<(options: SecureContextOptions) => void>();

  constructor(
    private readonly files: TlsFiles & { cert: string; key: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.loaded = loadTlsFiles(files, SERVER_TLS);
    this.secure = createSecureContext(this.options);
    this.warnIfEnding();
  }

  /** With a CA, every TLS client must present a certificate it signed (mutual TLS). */
  get requireClientCert(): boolean {
    return this.loaded.ca !== undefined;
  }

  /** The certificate, key and client CA, as `tls.createServer` and `setSecureContext` take them. */
  get options(): SecureContextOptions {
    return { cert: this.loaded.cert, key: this.loaded.key, ca: this.loaded.ca };
  }

  /** The context a new connection is served with (the latest certificate). */
  get context(): SecureContext {
    return this.secure;
  }

  get validTo(): Date | undefined {
    return this.loaded.validTo;
  }

  /** Told of every certificate change (the WebSocket listener's HTTPS server swaps its context). */
  onChange(listener: (options: SecureContextOptions) => void): void {
    this.changed.add(listener);
  }

  /** Reads the files again; answers whether the certificate changed. A pair that does not load is logged and not used. */
  reload(): boolean {
    let next: LoadedTls;
    try {
      next = loadTlsFiles(this.files, SERVER_TLS);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      this.log.error(`mqtt: TLS files not reloaded, the current certificate stays: ${error.message}`);
      return false;
    }
    const same = (a?: Buffer, b?: Buffer) => (a && b ? a.equals(b) : a === b);
    if (same(next.cert, this.loaded.cert) && same(next.key, this.loaded.key) && same(next.ca, this.loaded.ca))
      return false;
    this.loaded = next;
    this.secure = createSecureContext(this.options);
    for (const listener of this.changed) listener(this.options);
    this.log.info(
      { subject: next.subject, validTo: next.validTo?.toISOString() },
      'mqtt: TLS certificate reloaded',
    );
    this.warnIfEnding();
    return true;
  }

  private warnIfEnding(): void {
    const end = this.loaded.validTo;
    if (!end || end.getTime() - Date.now() > WARN_BEFORE_MS) return;
    this.log.warn(
      { validTo: end.toISOString(), file: this.files.cert },
      end.getTime() < Date.now()
        ? 'mqtt: the TLS certificate (MQTT_TLS_CERT) has expired: devices checking it cannot connect'
        : 'mqtt: the TLS certificate (MQTT_TLS_CERT) expires within 14 days',
    );
  }
}
