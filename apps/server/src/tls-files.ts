import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { ConfigError } from './config-error';

// Certificates and keys given as PEM files (the embedded broker's MQTTS and WSS listeners; the server's
// connection to an external broker). Read and checked at start, and again when the broker reloads them,
// with a message naming the variable that points at the file: an unreadable file, one that holds no
// certificate or key, a key protected by a passphrase, a key that is not the certificate's.

export interface TlsFiles {
  /** Certificate chain (PEM): the server's or the client's own certificate first. */
  cert?: string;
  key?: string;
  /** Certificate authorities (PEM) trusted to sign the other side's certificate. */
  ca?: string;
}

/** The environment variable that names each file, for the messages. */
export type TlsVariables = { [K in keyof TlsFiles]-?: string };

export interface TlsPem {
  cert?: Buffer;
  key?: Buffer;
  ca?: Buffer;
}

export interface LoadedTls extends TlsPem {
  /** The certificate's last day (the first of the chain), for the start's log and rotation warnings. */
  validTo?: Date;
  /** The certificate's subject, for the log. */
  subject?: string;
}

function read(file: string, variable: string): Buffer {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code;
    throw new ConfigError(`${variable}: cannot read ${file} (${why ?? (error as Error).message})`);
  }
}

function certificates(pem: Buffer, file: string, variable: string): X509Certificate[] {
  const blocks = pem.toString('utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g);
  try {
    if (!blocks) throw new Error('none');
    return blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new ConfigError(`${variable}: ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
}

function privateKey(pem: Buffer, file: string, variable: string): KeyObject {
  try {
    return createPrivateKey(pem);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MISSING_PASSPHRASE')
      throw new ConfigError(
        `${variable}: the key in ${file} is protected by a passphrase; give the key without one, in a file only the server's user may read`,
      );
    throw new ConfigError(`${variable}: ${file} holds no PEM private key`);
  }
}

/**
 * Reads the files that are set and checks them: certificates parse, the key parses and belongs to the
 * certificate, and together they make a TLS context. Throws ConfigError naming the variable.
 */
export function loadTlsFiles(files: TlsFiles, names: TlsVariables): LoadedTls {
  const loaded: LoadedTls = {};
  let own: X509Certificate | undefined;
  if (files.cert) {
    loaded.cert = read(files.cert, names.cert);
    own = certificates(loaded.cert, files.cert, names.cert)[0]!;
    loaded.validTo = new Date(own.validTo);
    loaded.subject = own.subject.replace(/\n/g, ', ');
  }
  if (files.key) {
    loaded.key = read(files.key, names.key);
    const key = privateKey(loaded.key, files.key, names.key);
    if (own && !own.checkPrivateKey(key))
      throw new ConfigError(
        `${names.key}: the key in ${files.key} does not belong to the certificate in ${files.cert} (${names.cert})`,
      );
  }
  if (files.ca) {
    loaded.ca = read(files.ca, names.ca);
    certificates(loaded.ca, files.ca, names.ca);
  }
  try {
    createSecureContext({ cert: loaded.cert, key: loaded.key, ca: loaded.ca });
  } catch (error) {
    throw new ConfigError(
      `${[names.cert, names.key, names.ca].join(', ')}: not usable for TLS (${(error as Error).message})`,
    );
  }
  return loaded;
}
