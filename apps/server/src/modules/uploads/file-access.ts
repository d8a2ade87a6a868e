import { and, eq, isNull, or } from 'drizzle-orm';
import { UPLOAD_MESSAGES, type FileRecord } from '@rms/contracts/uploads';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { organizations } from '../../db/schema/organizations';
import { storedFiles } from '../../db/schema/uploads';
import { fieldError } from '../../errors';
import { kindOfKey, type Storage } from '../../storage/storage';

// Whose file is it. A file belongs to the organization whose user stored it (presigned upload, exported
// report). A caller gets a link to a file its organization stored, or to an image on a row it can see
// (an organization's logo or owner photo: its own or a client's; a photo of a user of its organization);
// the provider's people see every organization, so every file. Anything else answers 404.

/**
 * Records who stores `key` (at presign, or when a report is written); `uploadedAt` when the file is
 * already stored (a report), otherwise it is recorded when the file arrives.
 */
export async function recordFileOwner(db: Db, auth: AuthUser, key: string, uploadedAt?: Date): Promise<void> {
  await db
    .insert(storedFiles)
    .values({ key, organizationId: auth.organizationId, userId: auth.id, uploadedAt })
    .onConflictDoNothing();
}

/** Records when the store received the file (the first time it is known; a second PUT is refused). */
export async function recordUploaded(db: Db, key: string, at: Date): Promise<void> {
  await db
    .update(storedFiles)
    .set({ uploadedAt: at })
    .where(and(eq(storedFiles.key, key), isNull(storedFiles.uploadedAt)));
}

/**
 * Who stored the file and when, or null for a key nobody stored. The moment the store received it is
 * asked of the store the first time (the browser uploads straight to it) and kept from then on.
 */
export async function fileRecordOf(db: Db, storage: Storage, key: string): Promise<FileRecord | null> {
  const [row] = await db
    .select({
      organizationId: storedFiles.organizationId,
      createdAt: storedFiles.createdAt,
      uploadedAt: storedFiles.uploadedAt,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(storedFiles)
    .leftJoin(users, eq(users.id, storedFiles.userId))
    .where(eq(storedFiles.key, key));
  if (!row) return null;
  let uploadedAt = row.uploadedAt;
  if (!uploadedAt) {
    uploadedAt = await storage.storedAt(key);
    if (uploadedAt) await recordUploaded(db, key, uploadedAt);
  }
  return {
    file_name: key,
    organization: row.organizationId,
    uploaded_by:
      row.userId !== null
        ? {
            id: row.userId,
            name: [row.firstName, row.lastName].filter(Boolean).join(' ') || (row.email ?? ''),
          }
        : null,
    requested_at: row.createdAt.toISOString(),
    uploaded_at: uploadedAt?.toISOString() ?? null,
  };
}

export async function mayRead(db: Db, auth: AuthUser, key: string): Promise<boolean> {
  if (auth.isProvider) return true;
  const [own] = await db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.key, key), eq(storedFiles.organizationId, auth.organizationId)));
  if (own) return true;
  if (kindOfKey(key) !== 'image') return false;
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        or(eq(organizations.companyLogo, key), eq(organizations.photo, key)),
        or(eq(organizations.id, auth.organizationId), eq(organizations.parentId, auth.organizationId)),
      ),
    )
    .limit(1);
  if (organization) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.photo, key), eq(users.organizationId, auth.organizationId)))
    .limit(1);
  return user !== undefined;
}

/**
 * A key a caller records on a row (logo, photo, sheet) must be a file its own organization stored: a
 * key another organization uploaded (seen in a link, guessed) is refused, naming the field.
 */
export async function assertOwnFile(db: Db, auth: AuthUser, key: string, field: string): Promise<void> {
  const [row] = await db
    .select({ organizationId: storedFiles.organizationId })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  if (!row || (row.organizationId !== auth.organizationId && !auth.isProvider))
    throw fieldError(field, UPLOAD_MESSAGES.notUploaded);
}
