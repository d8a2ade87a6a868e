/**
 * Whether a database error (or one it wraps) is a unique-index violation: two saves of the same name
 * can pass the service's check at once, and then the partial unique index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Runs a write and turns a unique-index violation into the given error. */
export async function guardUnique<T>(write: () => Promise<T>, onDuplicate: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}
