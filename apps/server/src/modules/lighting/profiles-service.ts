import { sql } from 'drizzle-orm';
import type { ProfileStep } from '@rms/contracts/lighting';
import {
  PROFILE_MESSAGES,
  type ProfileCreateBody,
  type ProfileRow,
  type ProfileUpdateBody,
} from '@rms/contracts/profiles';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import { actingOrganization } from '../../auth/acting-organization';
import type { Db } from '../../db/client';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { rowsOf } from '../../db/rows';
import { containsPattern } from '../../db/search';
import { guardUnique } from '../../db/unique-violation';
import { fieldError, HttpError, notFound } from '../../errors';

// Dimming profiles (docs/dimming-profiles.md): read and changed within the caller's scope (the
// provider's people: any organization's; another's profile answers 404, as if it did not exist). The
// steps were checked by the contract (profileSteps) before they get here. A profile in use by a schedule
// or an exception cannot be deleted: the schedule would be left without a plan.

interface ProfileRecord {
  id: number;
  organization_id: number;
  organization_name: string;
  name: string;
  steps: ProfileStep[];
  schedules: number;
  exceptions: number;
  created_at: string | Date;
  updated_at: string | Date;
}

const toRow = (r: ProfileRecord): ProfileRow => ({
  id: r.id,
  organization: r.organization_id,
  organization_name: r.organization_name,
  name: r.name,
  steps: r.steps,
  schedules: Number(r.schedules),
  exceptions: Number(r.exceptions),
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

const SELECT = sql`
  select p.id, p.organization_id, o.company_name as organization_name, p.name, p.steps, p.created_at,
    p.updated_at,
    (select count(*) from lighting_schedules s where s.profile_id = p.id)::int as schedules,
    (select count(*) from schedule_exceptions e where e.profile_id = p.id)::int as exceptions
  from dimming_profiles p join organizations o on o.id = p.organization_id`;

const scope = (auth: AuthUser) => orgScope(sql`p.organization_id`, auth) ?? sql`true`;

export async function listProfiles(
  db: Db,
  auth: AuthUser,
  query: PageParams & { query?: string | undefined; organization?: number | undefined },
) {
  const where = sql.join(
    [
      scope(auth),
      query.organization === undefined ? sql`true` : sql`p.organization_id = ${query.organization}`,
      query.query ? sql`p.name ilike ${containsPattern(query.query)}` : sql`true`,
    ],
    sql` and `,
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    rowsOf<ProfileRecord>(
      db,
      sql`${SELECT} where ${where} order by lower(p.name), p.id limit ${limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from dimming_profiles p where ${where}`),
  ]);
  return pageOf(query, rows.map(toRow), Number(total?.n ?? 0));
}

export async function profileOf(db: Db, auth: AuthUser, id: number): Promise<ProfileRow> {
  const [row] = await rowsOf<ProfileRecord>(db, sql`${SELECT} where p.id = ${id} and ${scope(auth)}`);
  if (!row) throw notFound(PROFILE_MESSAGES.notFound);
  return toRow(row);
}

const nameTaken = () => fieldError('name', PROFILE_MESSAGES.nameTaken);

async function insertProfile(
  db: Db,
  auth: AuthUser,
  organization: number,
  name: string,
  steps: readonly ProfileStep[],
): Promise<number> {
  const [row] = await guardUnique(
    () =>
      rowsOf<{ id: number }>(
        db,
        sql`insert into dimming_profiles (organization_id, name, steps, created_by)
            values (${organization}, ${name}, ${JSON.stringify(steps)}::jsonb, ${auth.id}) returning id`,
      ),
    nameTaken,
  );
  return row!.id;
}

export async function createProfile(db: Db, auth: AuthUser, body: ProfileCreateBody): Promise<ProfileRow> {
  const organization = await actingOrganization(db, auth, body.organization);
  // The contract parsed the body: steps carry their defaults.
  const id = await insertProfile(db, auth, organization, body.name, body.steps as ProfileStep[]);
  return profileOf(db, auth, id);
}

export async function updateProfile(
  db: Db,
  auth: AuthUser,
  id: number,
  body: ProfileUpdateBody,
): Promise<ProfileRow> {
  await profileOf(db, auth, id);
  await guardUnique(
    () =>
      db.execute(sql`
        update dimming_profiles set updated_at = now()
          ${body.name === undefined ? sql`` : sql`, name = ${body.name}`}
          ${body.steps === undefined ? sql`` : sql`, steps = ${JSON.stringify(body.steps)}::jsonb`}
        where id = ${id}`),
    nameTaken,
  );
  return profileOf(db, auth, id);
}

export async function deleteProfile(db: Db, auth: AuthUser, id: number): Promise<void> {
  const profile = await profileOf(db, auth, id);
  if (profile.schedules || profile.exceptions)
    throw new HttpError(409, PROFILE_MESSAGES.inUse(profile.schedules, profile.exceptions));
  // A schedule saved between the check and the delete is caught by the foreign key: still a 409.
  try {
    await db.execute(sql`delete from dimming_profiles where id = ${id}`);
  } catch (error) {
    const fresh = await profileOf(db, auth, id).catch(() => null);
    if (fresh && (fresh.schedules || fresh.exceptions))
      throw new HttpError(409, PROFILE_MESSAGES.inUse(fresh.schedules, fresh.exceptions));
    throw error;
  }
}

const NAME_MAX = 100;

/** "<name> (copy)", then "(copy 2)"…, cut to fit the name's limit. */
function copyName(name: string, n: number): string {
  const tail = n === 1 ? ' (copy)' : ` (copy ${n})`;
  return name.slice(0, NAME_MAX - tail.length) + tail;
}

export async function duplicateProfile(
  db: Db,
  auth: AuthUser,
  id: number,
  body: { name?: string | undefined } | null | undefined,
): Promise<ProfileRow> {
  const source = await profileOf(db, auth, id);
  if (body?.name) {
    const copy = await insertProfile(db, auth, source.organization, body.name, source.steps);
    return profileOf(db, auth, copy);
  }
  const taken = new Set(
    (
      await rowsOf<{ name: string }>(
        db,
        sql`select lower(name) as name from dimming_profiles where organization_id = ${source.organization}`,
      )
    ).map((r) => r.name),
  );
  let n = 1;
  while (taken.has(copyName(source.name, n).toLowerCase())) n += 1;
  const copy = await insertProfile(db, auth, source.organization, copyName(source.name, n), source.steps);
  return profileOf(db, auth, copy);
}
