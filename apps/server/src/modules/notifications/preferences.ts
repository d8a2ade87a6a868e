import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFY_PREFERENCES as D,
  NOTIFY_MESSAGES as M,
  type NotifyPreferences,
  type NotifyPreferencesBody,
} from '@rms/contracts/notifications';
import type { AuthUser } from '../../auth/access';
import { orgScope } from '../../auth/tenant';
import type { Db } from '../../db/client';
import { activations } from '../../db/schema/activations';
import { notifyPreferences } from '../../db/schema/notifications';
import { organizations } from '../../db/schema/organizations';
import { fieldError } from '../../errors';

// A person's notification settings (their own only): the organizations and projects they follow among
// those they may see (the provider's people: every organization; a customer's: their own), the
// severities and the channels. Never saved: DEFAULT_NOTIFY_PREFERENCES.

/** The most projects offered to choose from (a fleet has far fewer project names than devices). */
const PROJECT_CHOICES = 1000;

async function choicesOf(db: Db, auth: AuthUser): Promise<NotifyPreferences['choices']> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.companyName })
    .from(organizations)
    .where(
      and(
        eq(organizations.isActive, true),
        auth.isProvider ? undefined : eq(organizations.id, auth.organizationId),
      ),
    )
    .orderBy(asc(organizations.companyName));
  const projects = await db
    .selectDistinct({ name: activations.name })
    .from(activations)
    .where(and(eq(activations.isActive, true), orgScope(activations.organizationId, auth)))
    .orderBy(asc(activations.name))
    .limit(PROJECT_CHOICES);
  return { organizations: orgs, projects: projects.map((p) => p.name) };
}

export async function preferencesOf(db: Db, auth: AuthUser): Promise<NotifyPreferences> {
  const [saved] = await db.select().from(notifyPreferences).where(eq(notifyPreferences.userId, auth.id));
  return {
    organizations: saved?.organizations ?? D.organizations,
    projects: saved?.projects ?? D.projects,
    severities: saved?.severities ?? D.severities,
    channels: saved?.channels ?? D.channels,
    saved: saved !== undefined,
    choices: await choicesOf(db, auth),
  };
}

const unique = <T>(list: readonly T[]) => [...new Set(list)];

export async function savePreferences(db: Db, auth: AuthUser, body: NotifyPreferencesBody) {
  const organizationIds = body.organizations && unique(body.organizations);
  if (organizationIds?.length) {
    const seen = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          inArray(organizations.id, organizationIds),
          eq(organizations.isActive, true),
          auth.isProvider ? undefined : eq(organizations.id, auth.organizationId),
        ),
      );
    if (seen.length !== organizationIds.length) throw fieldError('organizations', M.organizationUnknown);
  }
  const projects = body.projects && unique(body.projects);
  if (projects?.length) {
    const seen = await db
      .selectDistinct({ name: activations.name })
      .from(activations)
      .where(
        and(
          inArray(activations.name, projects),
          eq(activations.isActive, true),
          orgScope(activations.organizationId, auth),
        ),
      );
    if (seen.length !== projects.length) throw fieldError('projects', M.projectUnknown);
  }
  const changes = {
    ...(organizationIds && { organizations: organizationIds }),
    ...(projects && { projects }),
    ...(body.severities && { severities: unique(body.severities) }),
    ...(body.channels && { channels: unique(body.channels) }),
  };
  await db
    .insert(notifyPreferences)
    .values({
      userId: auth.id,
      organizations: D.organizations,
      projects: D.projects,
      severities: D.severities,
      channels: D.channels,
      ...changes,
    })
    .onConflictDoUpdate({ target: notifyPreferences.userId, set: { ...changes, updatedAt: sql`now()` } });
  return { ...(await preferencesOf(db, auth)), detail: M.saved };
}
