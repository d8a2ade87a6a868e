import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './store';

export * from './store';

// File storage, chosen once from configuration: local disk with links signed by this server (the
// embedded default), or an S3-compatible store with its own presigned URLs (S3_*). Both hand the browser
// a URL to PUT the file to and signed, expiring links to read it; the server never proxies S3 traffic.

export function createStorage(config: Pick<Config, 's3' | 'dataDir' | 'jwtSecret'>): Storage {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(config.dataDir, config.jwtSecret);
}
