import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_KINDS, STORED_KEY, type FileKind } from '@rms/contracts/uploads';

// What every file store offers (the interface) and what both stores share: keys, link lifetimes and
// content types. Kept apart from the choice of store (storage.ts) so the two stores import it without
// importing each other through that choice.

export interface UploadTarget {
  /** Where the browser PUTs the file, with `Content-Type: contentType`. */
  url: string;
  expiresIn: number;
}

export interface StoredObject {
  size: number;
  /** The first bytes, to check what the file really is. */
  head: Buffer;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Origins the browser talks to besides the console's own (the CSP's connect-src and img-src). */
  readonly origins: string[];
  presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    maxBytes: number;
  }): Promise<UploadTarget>;
  /**
   * A signed, expiring GET link. `notAfter` (ms since the epoch) caps its expiry: a report's link must
   * not outlive the report (see report-retention.ts).
   */
  downloadUrl(key: string, notAfter?: number): Promise<string>;
  /** Size and first bytes of a stored file, or null when there is none under the key. */
  inspect(key: string): Promise<StoredObject | null>;
  /**
   * The whole stored file, for the server's own reading (bulk uploads); 'too-large' past `maxBytes`
   * without reading further, null when there is none under the key.
   */
  read(key: string, maxBytes: number): Promise<Buffer | 'too-large' | null>;
  remove(key: string): Promise<void>;
  /** When the file under the key was stored (its last modification), or null when there is none. */
  storedAt(key: string): Promise<Date | null>;
  /**
   * Keys of the generated reports (REPORT_PREFIX) stored before `before`, page by page as the store
   * lists them. Never any other file: uploads and photos live under other prefixes.
   */
  reportsStoredBefore(before: Date): AsyncIterable<string>;
  /**
   * Stores a file the server writes itself (a CSV report) from a stream, as it arrives: the file is
   * never held whole in memory. Only a complete file appears under the key. Answers its size in bytes.
   */
  storeFile(key: string, body: Readable): Promise<{ size: number }>;
}

/** Collects a stream, giving up past `maxBytes`. */
export async function collectBounded(
  stream: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += chunk.length;
    if (total > maxBytes) return 'too-large';
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** How long a browser may take to start an upload. */
export const UPLOAD_LINK_SECONDS = 15 * 60;
/** Display links live hours: an open console keeps showing images between reloads of users/me/. */
export const DOWNLOAD_LINK_SECONDS = 6 * 3600;
/**
 * Display links are signed as of the start of the current hour, so the same file has the same URL for
 * an hour and the browser's cache keeps working; each still lives at least DOWNLOAD_LINK_SECONDS - 1 h.
 */
export function linkSigningTime(now = Date.now()): number {
  return Math.floor(now / 3_600_000) * 3_600_000;
}

/**
 * When a display link is signed (ms) and how many seconds it lives: DOWNLOAD_LINK_SECONDS from the
 * signing time, cut short so that it expires by `notAfter` (ms) when one is given. At least 1 s, which
 * S3 presigning needs; callers do not ask for a link to a file whose end has passed.
 */
export function downloadLinkWindow(
  notAfter?: number,
  now = Date.now(),
): { signedAt: number; expiresIn: number } {
  const signedAt = linkSigningTime(now);
  if (notAfter === undefined) return { signedAt, expiresIn: DOWNLOAD_LINK_SECONDS };
  const untilEnd = Math.floor((notAfter - signedAt) / 1000);
  return { signedAt, expiresIn: Math.max(1, Math.min(DOWNLOAD_LINK_SECONDS, untilEnd)) };
}

/** A new random key for a file of this kind: the name the person chose is never used on disk or in S3. */
export function newKey(kind: FileKind, contentType: string): string {
  const extension = contentType === 'image/png' ? 'png' : contentType === 'image/jpeg' ? 'jpg' : 'xlsx';
  return `${kind}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** Where the reports the server generates are kept; the retention sweep looks nowhere else. */
export const REPORT_PREFIX = 'report/';

/** A new random key for a report the server generates (CSV). */
export function newReportKey(): string {
  return `${REPORT_PREFIX}${randomBytes(16).toString('hex')}.csv`;
}

/** True for a key of a generated report (never an upload). */
export function isReportKey(key: string): boolean {
  return key.startsWith(REPORT_PREFIX) && STORED_KEY.test(key);
}

export function kindOfKey(key: string): FileKind {
  return key.startsWith('image/') ? 'image' : 'spreadsheet';
}

/** The content type a stored key is served with: from its extension, which the server chose. */
export function contentTypeOfKey(key: string): string {
  const extension = key.split('.').pop() ?? '';
  const types: Record<string, string> = {
    ...FILE_KINDS.image.types,
    ...FILE_KINDS.spreadsheet.types,
    csv: 'text/csv; charset=utf-8',
  };
  return types[extension] ?? 'application/octet-stream';
}
