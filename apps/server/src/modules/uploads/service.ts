import { organizations } from '../../db/schema/organizations';
import { assertMayChangeUser } from '../../auth/user-policy';
import { and, eq } from 'drizzle-orm';
import { allows, anyOf } from '@rms/contracts/permissions';
import {
  contentTypeFor,
  FILE_KINDS,
  UPLOAD_MESSAGES,
  type PhotoUpdateBody,
  type PhotoUpdateResponse,
  type PresignBody,
  type PresignResponse,
} from '@rms/contracts/uploads';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { fieldError, forbidden, notFound } from '../../errors';
import { newKey, type Storage } from '../../storage/storage';
import { fileLink, verifyStoredImage } from './stored-files';

/** A random key for the file and a signed URL to PUT it to. */
export async function presignUpload(storage: Storage, body: PresignBody): Promise<PresignResponse> {
  const contentType = contentTypeFor(body.file_type, body.file);
  if (!contentType) throw fieldError('file', FILE_KINDS[body.file_type].wrongType);
  const key = newKey(body.file_type, contentType);
  const target = await storage.presignUpload({
    key,
    contentType,
    size: body.size,
    maxBytes: FILE_KINDS[body.file_type].maxBytes,
  });
  return { url: target.url, file_name: key, content_type: contentType, expires_in: target.expiresIn };
}

/**
 * Records a profile image path. Anyone may set their own photo; setting another user's needs
 * MANAGE_USER and that user inside the caller's organization scope (outside it: 404).
 */
export async function recordPhoto(
  db: Db,
  storage: Storage,
  auth: AuthUser,
  body: PhotoUpdateBody,
): Promise<PhotoUpdateResponse> {
  if (body.id !== auth.id && !allows(anyOf('MANAGE_USER'), auth)) throw forbidden();
  const [row] = await db
    .select({ user: users, organizationPermissions: organizations.permissions })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(users.id, body.id), eq(users.isActive, true), orgScope(users.organizationId, auth)));
  const user = row?.user;
  if (!row || !user || (body.email !== undefined && body.email !== user.email.toLowerCase()))
    throw notFound();
  assertMayChangeUser(auth, user, row.organizationPermissions);
  if (body.photo && body.photo !== user.photo)
    await verifyStoredImage({ storage, db, auth }, body.photo, 'photo');
  await db.update(users).set({ photo: body.photo, updatedAt: new Date() }).where(eq(users.id, user.id));
  return {
    detail: UPLOAD_MESSAGES.pictureUpdated,
    photo: body.photo,
    photo_url: await fileLink(storage, body.photo),
  };
}
