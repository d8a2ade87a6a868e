import { fieldError } from '../errors';
import { sqlStateOf } from './sql-state';

/**
 * Whether a database error (or one it wraps) is a unique-index violation: two saves of the same name
 * can pass the service's check at once, and then the partial unique index decides.
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/** Runs a write and turns a unique-index violation into the given error (the violation is passed in). */
export async function guardUnique<T>(
  write: () => Promise<T>,
  onDuplicate: (violation: unknown) => Error,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate(error);
    throw error;
  }
}

/** The name of the index a unique violation names (and its message), to tell which field it was. */
export function violatedIndex(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e instanceof Object; e = (e as { cause?: unknown }).cause) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (typeof constraint === 'string') parts.push(constraint);
    if (typeof message === 'string') parts.push(message);
  }
  return parts.join(' ');
}

/** A unique index and the field (with its message) a violation of it is reported on. */
export interface UniqueField {
  index: string;
  field: string;
  taken: string;
}

/**
 * Runs a write and turns a unique-index violation into a 400 on the field whose index it names (the
 * first field when none matches): two saves can pass the service's check at once, and then the index decides.
 */
export function guardUniqueFields<T>(write: () => Promise<T>, fields: readonly UniqueField[]): Promise<T> {
  return guardUnique(write, (violation) => {
    const text = violatedIndex(violation);
    const hit = fields.find((f) => text.includes(f.index)) ?? fields[0]!;
    return fieldError(hit.field, hit.taken);
  });
}
