import { mkdtempSync, rmSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// An S3-compatible store in this process (s3rver) and the environment that points the app at it.

export const S3_BUCKET = 'rms-files';

export interface TestS3 {
  env: Record<string, string>;
  /**
   * Makes an object look stored at `at`: s3rver answers an object's LastModified from its file's
   * modification time (no S3 call can set it).
   */
  backdate(key: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

export async function startS3(): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'rms-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    async backdate(key, at) {
      await utimes(path.join(directory, S3_BUCKET, `${key}._S3rver_object`), at, at);
    },
    async close() {
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
