import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { startS3, S3_BUCKET, type TestS3 } from '../../testing/s3';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { PNG, presign, TEXT_AS_PNG } from '../../testing/files';
import { newReportKey } from '../../storage/storage';

// S3 mode against an S3-compatible server running in this process (s3rver). The browser's part (PUT to
// the presigned URL) goes over real HTTP. s3rver does not check V4 signatures, so what the store would
// refuse itself (another type or length) is asserted on the URL's signed headers; the server's own
// check when the file is recorded is exercised for real.
const BUCKET = S3_BUCKET;
let s3: TestS3;
let t: TestApp;
let admin: Session;
let adminId: number;

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ env: s3.env });
  admin = await signIn(t.app);
  adminId = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(admin) })).json().id;
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

const record = (photo: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/uploads/download_file/',
    headers: bearer(admin),
    payload: { id: adminId, photo },
  });

async function putTo(url: string, body: Buffer, contentType: string) {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  expect(res.status).toBe(200);
}

describe('S3 storage', () => {
  it('presigns a PUT whose signature binds the content type and the length', async () => {
    const target = await presign(t.app, admin, 'photo.png', PNG.length);
    const url = new URL(target.url);
    expect(url.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url.pathname).toBe(`/${BUCKET}/${target.file_name}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
  });

  it('lets the browser upload straight to the store, records the photo and links to it', async () => {
    const target = await presign(t.app, admin, 'photo.png', PNG.length);
    await putTo(target.url, PNG, target.content_type);
    const res = await record(target.file_name);
    expect(res.statusCode).toBe(200);
    const file = await fetch(res.json().photo_url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('checks the content when the file is recorded: text posing as a png is refused and deleted', async () => {
    const target = await presign(t.app, admin, 'photo.png', TEXT_AS_PNG.length);
    await putTo(target.url, TEXT_AS_PNG, target.content_type);
    const res = await record(target.file_name);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.photo).toEqual([UPLOAD_MESSAGES.notAnImage]);
    expect(await t.app.storage.inspect(target.file_name)).toBeNull();
  });

  it('refuses an object over the size limit when it is recorded', async () => {
    // A real store refuses this PUT (the length is signed); s3rver does not, so the server's check shows.
    const target = await presign(t.app, admin, 'photo.png', PNG.length);
    await putTo(target.url, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), target.content_type);
    const res = await record(target.file_name);
    expect(res.json().errors.photo).toEqual([UPLOAD_MESSAGES.tooLarge('5 MB')]);
  });

  it('refuses a file name that was never uploaded', async () => {
    const target = await presign(t.app, admin, 'photo.png', PNG.length);
    expect((await record(target.file_name)).json().errors.photo).toEqual([UPLOAD_MESSAGES.notUploaded]);
  });

  it('stores a server-generated report from a stream and links to it (CSV export)', async () => {
    const key = newReportKey();
    const lines = Array.from({ length: 5000 }, (_, i) => `row ${i},${i * 2}\r\n`);
    const { size } = await t.app.storage.storeFile(key, Readable.from(lines));
    expect(size).toBe(Buffer.byteLength(lines.join('')));
    const link = await t.app.inject({
      url: `/api/v1/uploads/download_file/?path=${key}`,
      headers: bearer(admin),
    });
    expect(link.statusCode).toBe(200);
    const file = await fetch(link.json().url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await file.text()).toBe(lines.join(''));
  });

  it('serves no local file routes', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/uploads/file/image/x.png' })).statusCode).toBe(
      404,
    );
  });
});

describe('S3 storage: who uploaded a file, and when', () => {
  it('takes the time the store received the file, once it is there', async () => {
    const target = await presign(t.app, admin, 'photo.png', PNG.length);
    const recordOf = () =>
      t.app.inject({ url: `/api/v1/uploads/file_record/?path=${target.file_name}`, headers: bearer(admin) });
    expect((await recordOf()).json()).toMatchObject({ uploaded_by: { id: adminId }, uploaded_at: null });
    await putTo(target.url, PNG, target.content_type);
    const record = (await recordOf()).json();
    expect(record.uploaded_by.id).toBe(adminId);
    // S3 stamps whole seconds.
    expect(Date.parse(record.uploaded_at)).toBeGreaterThanOrEqual(Date.parse(record.requested_at) - 1000);
  });
});
