import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestApp } from '../testing/app';
import { reportRetentionCases, RETENTION_ENV } from '../testing/report-retention-cases';
import { startS3, type TestS3 } from '../testing/s3';

// Report retention on an S3-compatible store (s3rver in this process): reports are listed under their
// prefix with each object's LastModified, and deleted one by one.
let s3: TestS3;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: { ...s3.env, ...RETENTION_ENV } });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('report retention, S3 storage', () => {
  reportRetentionCases({ testApp: () => t, backdate: (key, at) => s3.backdate(key, at) });
});
