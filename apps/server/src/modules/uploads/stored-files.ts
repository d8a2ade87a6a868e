import { FILE_KINDS, formatBytes, UPLOAD_MESSAGES } from '@rms/contracts/uploads';
import type { AuthUser } from '../../auth/access';
import type { Db } from '../../db/client';
import { fieldError } from '../../errors';
import { assertOwnFile, fileRecordOf } from './file-access';
import { contentMatches } from '../../storage/content-check';
import { contentTypeOfKey, kindOfKey, type Storage } from '../../storage/storage';

// Used by every area that records a file name on a row (employee and profile photos, organization
// logos): the file must be an image that was really uploaded, within the limit, and be what its type says.
// Embedded storage already checked this while receiving it; with S3 the browser uploaded straight to the
// store, so this is where its content is checked: an object that fails is deleted and nothing is recorded.

export async function verifyStoredImage(
  { storage, db, auth }: { storage: Storage; db: Db; auth: AuthUser },
  key: string,
  field: string,
): Promise<void> {
  if (kindOfKey(key) !== 'image') throw fieldError(field, UPLOAD_MESSAGES.imageTypes);
  await assertOwnFile(db, auth, key, field);
  const stored = await storage.inspect(key);
  if (!stored) throw fieldError(field, UPLOAD_MESSAGES.notUploaded);
  const { maxBytes } = FILE_KINDS.image;
  if (stored.size > maxBytes) {
    await storage.remove(key);
    throw fieldError(field, UPLOAD_MESSAGES.tooLarge(formatBytes(maxBytes)));
  }
  if (!contentMatches(stored.head, contentTypeOfKey(key))) {
    await storage.remove(key);
    throw fieldError(field, UPLOAD_MESSAGES.notAnImage);
  }
  // Keeps when the store received it (S3: the browser uploaded straight there).
  await fileRecordOf(db, storage, key);
}

/** The signed display link of a stored file, or null when there is none. */
export async function fileLink(storage: Storage, key: string | null | undefined): Promise<string | null> {
  return key ? storage.downloadUrl(key) : null;
}
