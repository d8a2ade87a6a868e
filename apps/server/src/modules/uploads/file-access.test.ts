import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations } from '../../db/schema/organizations';
import { bearer, createTestApp, signIn, ADMIN, type Session, type TestApp } from '../../testing/app';
import { JPEG, PNG, presign, uploadImage } from '../../testing/files';
import { storeSheet, xlsx } from '../../testing/sheets';
import { makeOrganizations, makeUser } from '../../testing/factories';
import { signedInUser, signInAs } from '../../testing/users';

// A file belongs to the organization that stored it: another tenant gets no link to it and cannot
// record it on its own rows; an upload link stores one file only.

let t: TestApp;
let a: Session;
let b: Session;
let admin: Session;
let aUserId: number;
let bLogo: string;
let bSheet: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, ADMIN.email, ADMIN.password);
  const permissions = ['CREATE_RMS', 'VIEW_RMS'];
  const orgs = await makeOrganizations(t.database.db, [
    { companyName: 'Files A', permissions },
    { companyName: 'Files B', permissions },
  ]);
  const userA = await makeUser(t.database.db, { organizationId: orgs[0]!.id, permissions });
  aUserId = userA.id;
  a = await signInAs(t, userA);
  b = await signedInUser(t, { organizationId: orgs[1]!.id, permissions });
  bLogo = await uploadImage(t.app, b);
  await t.database.db
    .update(organizations)
    .set({ companyLogo: bLogo })
    .where(eq(organizations.id, orgs[1]!.id));
  bSheet = await storeSheet(t.app, b, await xlsx([['RMS ID'], ['RMS-X-1']]));
});
afterAll(() => t.close());

const linkFor = (session: Session, key: string) =>
  t.app.inject({
    url: `/api/v1/uploads/download_file/?path=${encodeURIComponent(key)}`,
    headers: bearer(session),
  });

describe('download links', () => {
  it("are refused for another organization's logo and spreadsheet, as if they did not exist", async () => {
    expect((await linkFor(a, bLogo)).statusCode).toBe(404);
    expect((await linkFor(a, bSheet)).statusCode).toBe(404);
  });

  it('are given for the caller’s own files, and to the provider for any', async () => {
    const mine = await uploadImage(t.app, a);
    expect((await linkFor(a, mine)).statusCode).toBe(200);
    expect((await linkFor(b, bSheet)).statusCode).toBe(200);
    expect((await linkFor(admin, bLogo)).statusCode).toBe(200);
  });
});

describe('recording a file on a row', () => {
  it("refuses another organization's upload as one's photo, naming the field", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/uploads/download_file/',
      headers: bearer(a),
      payload: { id: aUserId, photo: bLogo },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('photo');
  });

  it("refuses another organization's spreadsheet for a bulk upload, naming the field", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/devices/rms/bulk_upload/',
      headers: bearer(a),
      payload: { report_upload: bSheet },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('report_upload');
  });
});

describe('an upload link', () => {
  it('stores one file: a second PUT to it is refused and the first file stays', async () => {
    const target = await presign(t.app, a, 'photo.png', PNG.length);
    const put = (body: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: target.url,
        headers: { 'content-type': target.content_type },
        payload: body,
      });
    expect((await put(PNG)).statusCode).toBe(200);
    const swapped = Buffer.from(PNG);
    swapped[swapped.length - 1] = 0;
    const again = await put(swapped);
    expect(again.statusCode).toBe(409);
    const stored = await t.app.storage.read(target.file_name, 1_000_000);
    expect(Buffer.isBuffer(stored) && stored.equals(PNG)).toBe(true);
  });

  it('keeps only one of two PUTs racing on it', async () => {
    const target = await presign(t.app, a, 'photo.jpg', JPEG.length);
    const put = () =>
      t.app.inject({
        method: 'PUT',
        url: target.url,
        headers: { 'content-type': target.content_type },
        payload: JPEG,
      });
    const answers = await Promise.all([put(), put(), put()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});
