import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_AREAS, BULK_MESSAGES } from '@rms/contracts/bulk-upload';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { startS3, type TestS3 } from '../../testing/s3';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { presign } from '../../testing/files';
import { bulkSaved } from '../../testing/sheets';

// S3 mode (s3rver in this process): the browser PUTs the sheet straight to the store, which does not
// look at the content; the server reads the object back from the store to parse it.
let s3: TestS3;
let t: TestApp;
let admin: Session;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: s3.env });
  admin = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function storeInS3(body: Buffer): Promise<string> {
  const target = await presign(t.app, admin, 'sheet.xlsx', body.length, 'spreadsheet');
  const res = await fetch(target.url, {
    method: 'PUT',
    body,
    headers: { 'content-type': target.content_type },
  });
  expect(res.status).toBe(200);
  return target.file_name;
}

const post = (report_upload: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS.pole.path}`,
    headers: bearer(admin),
    payload: { report_upload },
  });

describe('bulk upload with S3 storage', () => {
  it('reads the sheet back from the store and saves it', async () => {
    const sample = (await t.app.inject({ url: '/samples/pole.xlsx' })).rawPayload;
    const res = await post(await storeInS3(sample));
    expect(res.json()).toEqual(bulkSaved('pole', 1));
  });

  it('refuses a text file the store took as a spreadsheet', async () => {
    const res = await post(await storeInS3(Buffer.from('pole_id,model\nP1,M1\n')));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BULK_MESSAGES.notASpreadsheet);
  });

  it('answers a file name that was never uploaded', async () => {
    const res = await post('spreadsheet/0123456789abcdef0123456789abcdef.xlsx');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(UPLOAD_MESSAGES.notUploaded);
  });
});
