import { sqlStateOf } from './sql-state';

/**
 * Whether a database error (or one it wraps) is a unique-index violation: two saves of the same name
 * can pass the service's check at once, and then the partial unique index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
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
