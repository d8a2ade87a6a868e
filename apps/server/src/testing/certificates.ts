import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Throwaway certificates for the TLS tests, made with the openssl command (Node has no certificate
// generator): a CA, a server certificate it signed for localhost and 127.0.0.1, and client
// certificates it signed. EC P-256 keys, valid two days; the files live in temporary directories that
// `removeCertificates` deletes (a test file's afterAll).

export interface CertFiles {
  cert: string;
  key: string;
}

export interface TestCertificates {
  dir: string;
  /** The CA's certificate (PEM file). */
  ca: string;
  caKey: string;
  server: CertFiles;
  /** Signed by the CA for client use (a device, or the server toward an external broker). */
  client: CertFiles;
}

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new Error('the TLS tests make their certificates with the openssl command: install openssl');
    throw error;
  }
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

const made: string[] = [];

/** Deletes the directories of every CA made in this test file. */
export function removeCertificates(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A CA of its own in a new directory, with a server and a client certificate. */
export function makeCertificates(name = 'RMS test'): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'rms-certs-'));
  made.push(dir);
  openssl(
    ['req', '-x509', ...KEY, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', `/CN=${name} CA`],
    dir,
  );
  const certs: TestCertificates = {
    dir,
    ca: path.join(dir, 'ca.pem'),
    caKey: path.join(dir, 'ca.key'),
    server: signed(dir, 'server', 'localhost', 'serverAuth', 'DNS:localhost,IP:127.0.0.1'),
    client: signed(dir, 'client', `${name} client`, 'clientAuth'),
  };
  return certs;
}

/** Another certificate signed by the CA in `dir` (`usage`: serverAuth or clientAuth). */
export function signed(
  dir: string,
  name: string,
  commonName: string,
  usage: 'serverAuth' | 'clientAuth',
  altNames?: string,
): CertFiles {
  const extensions = path.join(dir, `${name}.ext`);
  writeFileSync(extensions, `extendedKeyUsage=${usage}\n${altNames ? `subjectAltName=${altNames}\n` : ''}`);
  openssl(
    ['req', ...KEY, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${commonName}`],
    dir,
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      extensions,
    ],
    dir,
  );
  return { cert: path.join(dir, `${name}.pem`), key: path.join(dir, `${name}.key`) };
}

/** The PEM text of a file, as TLS options take it. */
export const pem = (file: string) => readFileSync(file);
