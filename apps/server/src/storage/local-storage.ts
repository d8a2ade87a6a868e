import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, type ReadStream } from 'node:fs';
import { link, open, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_KEY } from '@rms/contracts/uploads';
import { contentMatches, SNIFF_BYTES } from './content-check';
import {
  collectBounded,
  downloadLinkWindow,
  isReportKey,
  REPORT_PREFIX,
  UPLOAD_LINK_SECONDS,
  type Storage,
  type StoredObject,
  type UploadTarget,
} from './store';

// Files on disk under DATA_DIR/files, read and written through this server's own signed links
// (`/api/v1/uploads/file/<kind>/<name>?...&sig=`). The signature is an HMAC over what the link allows:
// the method, the key, for uploads the content type and the most bytes, and the expiry; changing any
// of them, or using the link after it expires, is refused.

export const FILE_ROUTE = '/api/v1/uploads/file/';

export type UploadFailure = 'too-large' | 'wrong-content' | 'used';

export class UploadRefused extends Error {
  constructor(readonly reason: UploadFailure) {
    super(reason);
  }
}

export interface UploadGrant {
  contentType: string;
  maxBytes: number;
}

export class LocalStorage implements Storage {
  readonly kind = 'local';
  readonly origins: string[] = [];
  readonly root: string;
  private readonly key: Buffer;

  constructor(dataDir: string, serverSecret: string) {
    this.root = path.join(dataDir, 'files');
    // A key of its own, derived from the server secret, so file links and access tokens never share one.
    this.key = createHmac('sha256', serverSecret).update('rms-file-links-v1').digest();
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    maxBytes: number;
  }): Promise<UploadTarget> {
    const exp = Math.floor(Date.now() / 1000) + UPLOAD_LINK_SECONDS;
    // The declared size is the most this link takes (never above the kind's limit).
    const max = Math.min(input.size, input.maxBytes);
    const sig = this.sign(['PUT', input.key, input.contentType, String(max), String(exp)]);
    const query = new URLSearchParams({ ct: input.contentType, max: String(max), exp: String(exp), sig });
    return { url: `${FILE_ROUTE}${input.key}?${query}`, expiresIn: UPLOAD_LINK_SECONDS };
  }

  async downloadUrl(key: string, notAfter?: number): Promise<string> {
    const { signedAt, expiresIn } = downloadLinkWindow(notAfter);
    const exp = Math.floor(signedAt / 1000) + expiresIn;
    const sig = this.sign(['GET', key, String(exp)]);
    return `${FILE_ROUTE}${key}?${new URLSearchParams({ exp: String(exp), sig })}`;
  }

  /** What a PUT link allows, or null when it was tampered with or has expired. */
  verifyUpload(key: string, query: Record<string, string | undefined>): UploadGrant | null {
    const { ct, max, exp, sig } = query;
    if (!ct || !max || !exp || !sig || !this.fresh(exp)) return null;
    if (!this.matches(sig, ['PUT', key, ct, max, exp])) return null;
    const maxBytes = Number(max);
    return Number.isSafeInteger(maxBytes) && maxBytes > 0 ? { contentType: ct, maxBytes } : null;
  }

  /** True when a GET link is genuine and unexpired. */
  verifyDownload(key: string, query: Record<string, string | undefined>): boolean {
    const { exp, sig } = query;
    return !!exp && !!sig && this.fresh(exp) && this.matches(sig, ['GET', key, exp]);
  }

  /**
   * Streams an upload to a temporary file, refusing it past `maxBytes` or when its first bytes are not
   * of the granted content type; only a complete, checked file is moved under its key.
   */
  async write(key: string, grant: UploadGrant, body: Readable): Promise<void> {
    const target = this.pathOf(key);
    // An upload link is good for one file: a second PUT cannot swap what was stored.
    if (existsSync(target)) throw new UploadRefused('used');
    mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    let received = 0;
    let head = Buffer.alloc(0);
    const guard = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > grant.maxBytes) return done(new UploadRefused('too-large'));
        if (head.length < SNIFF_BYTES) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES && !contentMatches(head, grant.contentType))
            return done(new UploadRefused('wrong-content'));
        }
        done(null, chunk);
      },
      flush(done) {
        done(contentMatches(head, grant.contentType) ? null : new UploadRefused('wrong-content'));
      },
    });
    try {
      await pipeline(body, guard, createWriteStream(temp, { flags: 'wx' }));
      // link() fails when the name exists, so of two PUTs racing on one link only the first is kept.
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new UploadRefused('used') : error;
      });
    } finally {
      await rm(temp, { force: true });
    }
  }

  async storeFile(key: string, body: Readable): Promise<{ size: number }> {
    const target = this.pathOf(key);
    mkdirSync(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      const { size } = await stat(temp);
      await rename(temp, target);
      return { size };
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** The file of a key with its size, or null. */
  async openRead(key: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  }

  async inspect(key: string): Promise<StoredObject | null> {
    const handle = await open(this.pathOf(key), 'r').catch(() => null);
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(Math.min(16, size));
      await handle.read(head, 0, head.length, 0);
      return { size, head };
    } finally {
      await handle.close();
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer | 'too-large' | null> {
    const file = await this.openRead(key);
    if (!file) return null;
    if (file.size > maxBytes) {
      file.stream.destroy();
      return 'too-large';
    }
    try {
      return await collectBounded(file.stream, maxBytes);
    } finally {
      file.stream.destroy();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async storedAt(key: string): Promise<Date | null> {
    const info = await stat(this.pathOf(key)).catch(() => null);
    return info?.isFile() ? info.mtime : null;
  }

  async *reportsStoredBefore(before: Date): AsyncIterable<string> {
    const directory = await opendir(path.join(this.root, REPORT_PREFIX)).catch((error: unknown) => {
      // No report has been written yet.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    });
    if (!directory) return;
    for await (const entry of directory) {
      // A `.part` file is a report being written (or one a crash cut short): not a report key.
      const key = `${REPORT_PREFIX}${entry.name}`;
      if (!entry.isFile() || !isReportKey(key)) continue;
      const at = await this.storedAt(key);
      if (at && at < before) yield key;
    }
  }

  private pathOf(key: string): string {
    // Keys are generated by the server; the pattern check keeps any other path (../) out of the root.
    if (!STORED_KEY.test(key)) throw new Error(`not a stored key: ${key}`);
    return path.join(this.root, key);
  }

  private sign(parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join('\n')).digest('base64url');
  }

  private matches(sig: string, parts: string[]): boolean {
    const expected = Buffer.from(this.sign(parts));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private fresh(exp: string): boolean {
    const seconds = Number(exp);
    return Number.isSafeInteger(seconds) && seconds * 1000 > Date.now();
  }
}
