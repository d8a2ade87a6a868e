import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config';
import {
  contentTypeOfKey,
  DOWNLOAD_LINK_SECONDS,
  linkSigningTime,
  UPLOAD_LINK_SECONDS,
  type Storage,
  type StoredObject,
  type UploadTarget,
} from './storage';

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

  async downloadUrl(key: string): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      // The type is the server's choice (from the key), whatever metadata the object carries.
      ResponseContentType: contentTypeOfKey(key),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: DOWNLOAD_LINK_SECONDS,
      signingDate: new Date(linkSigningTime()),
    });
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

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
