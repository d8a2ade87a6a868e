import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AlarmPerson } from '@rms/contracts/alarms';

// How alarms, their timelines and work orders name a person: `{id, name}`, written once.

interface UserColumns {
  id: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}
/** A person's shown name: first and last name, or the e-mail when both are blank. */
export const personName = (u: UserColumns) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.email})`;
/** A person for a left join: both null when nobody is there. */
export const person = (u: UserColumns) => ({ id: sql<number | null>`${u.id}`, name: personName(u) });
/** The selected person, or null for nobody. */
export const personOrNull = (p: { id: number | null; name: string | null }): AlarmPerson | null =>
  p.id === null ? null : { id: p.id, name: p.name ?? '' };
