import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import {
  collectBounded,
  contentTypeOfKey,
  downloadLinkWindow,
  isReportKey,
  REPORT_PREFIX,
  UPLOAD_LINK_SECONDS,
  type Storage,
  type StoredObject,
  type UploadTarget,
} from './store';

// An S3-compatible store (AWS S3, MinIO, Ceph, R2 ...) with real presigned URLs. The browser PUTs
// straight to the store; the PUT URL's signature binds the content type and the exact length, so the
// store itself refuses another type or size. What the store cannot check is the content: the server
// reads the object's first bytes when the file name is recorded (see modules/uploads/verify.ts).
// The bucket must allow the console's origin to PUT and GET (its CORS rules).

export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly origins: string[];
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(s3: NonNullable<Config['s3']>) {
    this.bucket = s3.bucket;
    this.origins = [new URL(s3.endpoint).origin];
    this.client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      credentials: { accessKeyId: s3.accessKey, secretAccessKey: s3.secretKey },
      // Path-style addressing works on every S3-compatible store; virtual hosts need DNS per bucket.
      forcePathStyle: true,
      // Newer SDKs add CRC32 checksums to uploads by default; a browser PUTting to a presigned URL
      // cannot supply one, and many S3-compatible stores do not know them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    maxBytes: number;
  }): Promise<UploadTarget> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: input.key,
      ContentType: input.contentType,
      ContentLength: Math.min(input.size, input.maxBytes),
    });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_LINK_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length']),
    });
    return { url, expiresIn: UPLOAD_LINK_SECONDS };
  }

  async downloadUrl(key: string, notAfter?: number): Promise<string> {
    const { signedAt, expiresIn } = downloadLinkWindow(notAfter);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      // The type is the server's choice (from the key), whatever metadata the object carries.
      ResponseContentType: contentTypeOfKey(key),
    });
    return getSignedUrl(this.client, command, { expiresIn, signingDate: new Date(signedAt) });
  }

  async inspect(key: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      const size = head.ContentLength ?? 0;
      if (size === 0) return { size, head: Buffer.alloc(0) };
      const part = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: 'bytes=0-15' }),
      );
      const bytes = part.Body ? await part.Body.transformToByteArray() : new Uint8Array();
      return { size, head: Buffer.from(bytes) };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes: number): Promise<Buffer | 'too-large' | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        (object.Body as { destroy?: () => void } | undefined)?.destroy?.();
        return 'too-large';
      }
      if (!object.Body) return Buffer.alloc(0);
      return await collectBounded(object.Body as AsyncIterable<Uint8Array>, maxBytes);
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }

  /**
   * A PUT needs the length first, so the stream is spooled to a temporary file (disk, not memory) and
   * sent from there with its size.
   */
  async storeFile(key: string, body: Readable): Promise<{ size: number }> {
    const temp = path.join(tmpdir(), `rms-${randomBytes(8).toString('hex')}.part`);
    try {
      await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      const { size } = await stat(temp);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(temp),
          ContentLength: size,
          ContentType: contentTypeOfKey(key),
        }),
      );
      return { size };
    } finally {
      await rm(temp, { force: true });
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async storedAt(key: string): Promise<Date | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.LastModified ?? null;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }

  /** The store lists the prefix a thousand keys a page, with each object's LastModified. */
  async *reportsStoredBefore(before: Date): AsyncIterable<string> {
    const pages = paginateListObjectsV2(
      { client: this.client },
      { Bucket: this.bucket, Prefix: REPORT_PREFIX },
    );
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isReportKey(object.Key) && object.LastModified && object.LastModified < before)
          yield object.Key;
      }
    }
  }
}
