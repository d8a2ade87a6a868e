import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import { users } from '../../db/schema/employees';
import { ADMIN, bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganizations, makeUser } from '../../testing/factories';
import { JPEG, PNG, presign, TEXT_AS_PNG, uploadImage } from '../../testing/files';
import { signInAs } from '../../testing/users';

// The embedded store: presign, PUT through the server's signed link, signed download links, and the
// profile image record.
let t: TestApp;
let admin: Session;
let clerk: Session;
let clerkId: number;
let otherUserId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  const db = t.database.db;
  const [acme, other] = await makeOrganizations(db, [
    { companyName: 'Acme', permissions: ['VIEW_USER'] },
    { companyName: 'Other', permissions: ['VIEW_USER', 'MANAGE_USER'] },
  ]);
  const clerkUser = await makeUser(db, {
    organizationId: acme!.id,
    email: 'clerk@acme.example',
    permissions: ['VIEW_USER'],
  });
  const boss = await makeUser(db, {
    organizationId: other!.id,
    email: 'boss@other.example',
    permissions: ['MANAGE_USER'],
  });
  [clerkId, otherUserId] = [clerkUser.id, boss.id];
  clerk = await signInAs(t, clerkUser);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const put = (url: string, body: Buffer, contentType = 'image/png') =>
  t.app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: body });

describe('POST uploads/presigned_url/', () => {
  it('requires authentication', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads/presigned_url/',
      payload: { file: 'a.png', file_type: 'image', size: 10 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('takes png and jpeg images and xlsx spreadsheets only, within their limits', async () => {
    const ask = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/uploads/presigned_url/',
        headers: bearer(clerk),
        payload,
      });
    const gif = await ask({ file: 'a.gif', file_type: 'image', size: 10 });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors.file).toEqual([UPLOAD_MESSAGES.imageTypes]);
    const big = await ask({ file: 'a.png', file_type: 'image', size: 6 * 1024 * 1024 });
    expect(big.json().errors.size).toEqual([UPLOAD_MESSAGES.tooLarge('5 MB')]);
    const missing = await ask({ file_type: 'image', size: 10 });
    expect(missing.json().errors.file).toEqual([UPLOAD_MESSAGES.fileRequired]);
    expect((await ask({ file: 'a.xlsx', file_type: 'image', size: 10 })).statusCode).toBe(400);

    const sheet = await ask({ file: 'Devices.XLSX', file_type: 'spreadsheet', size: 10 * 1024 * 1024 });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json().file_name).toMatch(/^spreadsheet\/[0-9a-f]{32}\.xlsx$/);
  });

  it('stores under a random key, never the name given', async () => {
    const target = await presign(t.app, clerk, '../../etc/passwd.jpeg', JPEG.length);
    expect(target.file_name).toMatch(/^image\/[0-9a-f]{32}\.jpg$/);
    expect(target.content_type).toBe('image/jpeg');
    expect(target.url).toContain(target.file_name);
  });
});

describe('the signed upload link', () => {
  it('stores a real image and serves it with its type and nosniff through a signed link', async () => {
    const key = await uploadImage(t.app, clerk, PNG);
    const link = await t.app.inject({
      url: `/api/v1/uploads/download_file/?path=${key}`,
      headers: bearer(clerk),
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().photo_url).toBe(link.json().url);
    const file = await t.app.inject({ url: link.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses text posing as a png, and keeps nothing', async () => {
    const target = await presign(t.app, clerk, 'photo.png', TEXT_AS_PNG.length);
    const res = await put(target.url, TEXT_AS_PNG);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(await t.app.storage.inspect(target.file_name)).toBeNull();
    // A jpeg sent on a png link is refused too: the link grants one type.
    const jpegOnPng = await presign(t.app, clerk, 'photo.png', JPEG.length);
    expect((await put(jpegOnPng.url, JPEG)).statusCode).toBe(400);
  });

  it('refuses more bytes than the link allows', async () => {
    const target = await presign(t.app, clerk, 'photo.png', PNG.length);
    const bigger = Buffer.concat([PNG, Buffer.alloc(100)]);
    const res = await put(target.url, bigger);
    expect(res.statusCode).toBe(413);
    expect(await t.app.storage.inspect(target.file_name)).toBeNull();
  });

  it('refuses a tampered link: another key, type, size limit or signature', async () => {
    const target = await presign(t.app, clerk, 'photo.png', PNG.length);
    const url = new URL(target.url, 'http://x');
    const variants = [
      target.url.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
      `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), max: '999999' })}`,
      `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), ct: 'text/html' })}`,
      `${url.pathname}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), sig: 'A'.repeat(43) })}`,
    ];
    for (const variant of variants) expect((await put(variant, PNG)).statusCode).toBe(403);
    // The right link with another content type header is refused as well.
    expect((await put(target.url, PNG, 'text/html')).statusCode).toBe(403);
    expect((await put(target.url, PNG)).statusCode).toBe(200);
  });

  it('refuses an expired upload or download link', async () => {
    const target = await presign(t.app, clerk, 'photo.png', PNG.length);
    const key = await uploadImage(t.app, clerk);
    const link = (
      await t.app.inject({ url: `/api/v1/uploads/download_file/?path=${key}`, headers: bearer(clerk) })
    ).json<{ url: string }>().url;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 7 * 3600_000);
    expect((await put(target.url, PNG)).statusCode).toBe(403);
    expect((await t.app.inject({ url: link })).statusCode).toBe(403);
  });

  it('refuses a download link whose signature was changed', async () => {
    const key = await uploadImage(t.app, clerk);
    const link = (
      await t.app.inject({ url: `/api/v1/uploads/download_file/?path=${key}`, headers: bearer(clerk) })
    ).json<{ url: string }>().url;
    expect((await t.app.inject({ url: link.replace(/sig=.{4}/, 'sig=AAAA') })).statusCode).toBe(403);
    const otherKey = await uploadImage(t.app, clerk);
    expect((await t.app.inject({ url: link.replace(key, otherKey) })).statusCode).toBe(403);
  });

  it('answers 400 for a path that is not a stored file and 401 without a session', async () => {
    const bad = await t.app.inject({
      url: '/api/v1/uploads/download_file/?path=../../jwt-secret',
      headers: bearer(clerk),
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/uploads/download_file/?path=x' })).statusCode).toBe(401);
  });
});

describe('PUT uploads/download_file/ (profile image)', () => {
  const record = (session: Session | null, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/uploads/download_file/',
      headers: session ? bearer(session) : {},
      payload,
    });

  it('requires authentication', async () => {
    expect((await record(null, { id: clerkId, photo: null })).statusCode).toBe(401);
  });

  it("records the caller's own photo and answers a display link", async () => {
    const key = await uploadImage(t.app, clerk);
    const res = await record(clerk, { id: clerkId, email: 'clerk@acme.example', photo: key });
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(UPLOAD_MESSAGES.pictureUpdated);
    expect(res.json().photo).toBe(key);
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(clerk) })).json();
    expect(me.photo).toBe(key);
    expect((await t.app.inject({ url: me.photo_url })).statusCode).toBe(200);
  });

  it('refuses a file that was never uploaded, with the message on the field', async () => {
    const target = await presign(t.app, clerk, 'photo.png', PNG.length);
    const res = await record(clerk, { id: clerkId, photo: target.file_name });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.photo).toEqual([UPLOAD_MESSAGES.notUploaded]);
    const bad = await record(clerk, { id: clerkId, photo: 'image/../../x.png' });
    expect(bad.statusCode).toBe(400);
  });

  it("needs MANAGE_USER for another user's photo, and that user in scope", async () => {
    const key = await uploadImage(t.app, clerk);
    expect((await record(clerk, { id: otherUserId, photo: key })).statusCode).toBe(403);
    const [acmeAdmin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    const boss = await signInAs(t, { email: 'boss@other.example' });
    // MANAGE_USER in another organization: the clerk's row does not exist for them.
    expect((await record(boss, { id: clerkId, photo: key })).statusCode).toBe(404);
    // The provider's super-user may, and a non-super-user never changes a super-user's photo.
    expect((await record(admin, { id: clerkId, photo: key })).statusCode).toBe(200);
    expect((await record(boss, { id: acmeAdmin!.id, photo: key })).statusCode).toBe(404);
  });
});

describe('GET uploads/file_record/ (who uploaded a file, and when)', () => {
  const recordOf = (session: Session, path: string) =>
    t.app.inject({ url: `/api/v1/uploads/file_record/?path=${path}`, headers: bearer(session) });

  it('names the uploader, when the link was issued and when the file arrived', async () => {
    const before = Date.now();
    const target = await presign(t.app, clerk, 'photo.png', PNG.length);
    const waiting = await recordOf(clerk, target.file_name);
    expect(waiting.json()).toMatchObject({ uploaded_by: { id: clerkId }, uploaded_at: null });

    expect((await put(target.url, PNG, target.content_type)).statusCode).toBe(200);
    const res = await recordOf(clerk, target.file_name);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toEqual({
      file_name: target.file_name,
      organization: expect.any(Number),
      uploaded_by: { id: clerkId, name: 'clerk@acme.example' },
      requested_at: expect.any(String),
      uploaded_at: expect.any(String),
    });
    expect(Date.parse(record.requested_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(record.uploaded_at)).toBeGreaterThanOrEqual(Date.parse(record.requested_at));
    expect(Date.parse(record.uploaded_at)).toBeLessThanOrEqual(Date.now());
  });

  it('is the caller organization’s (the provider sees all), 404 otherwise, 401 without a session', async () => {
    const key = await uploadImage(t.app, clerk);
    const other = await signInAs(t, { email: 'boss@other.example' });
    expect((await recordOf(other, key)).statusCode).toBe(404);
    expect((await recordOf(admin, key)).json().uploaded_by.id).toBe(clerkId);
    expect((await recordOf(clerk, 'image/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/uploads/file_record/?path=${key}` })).statusCode).toBe(401);
  });
});
