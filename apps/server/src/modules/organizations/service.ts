import type { FastifyBaseLogger } from 'fastify';
import { revokeSessions } from '../session';
import type { Mailer } from '../../mail/mailer';
import { noticeEmailChanged } from '../../mail/account-notices';
import { randomBytes } from 'node:crypto';
import { aliasedTable, and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  ORGANIZATION_MESSAGES,
  type OrganizationCreateBody,
  type OrganizationDetails,
  type OrganizationRow,
  type OrganizationUpdateBody,
} from '@rms/contracts/organizations';
import { GSTIN_MESSAGES, gstinMatchesPan } from '@rms/contracts/tax-ids';
import type { DeletedRowsQuery } from '@rms/contracts/soft-delete';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/employees';
import { cities, states } from '../../db/schema/master-data';
import { organizationAdoptions, organizations } from '../../db/schema/organizations';
import { pageOf, pageWindow, type PageParams } from '../../db/paging';
import { textSearch } from '../../db/search';
import { listedRows, restoreRow, softDelete } from '../../db/soft-delete';
import { guardUnique, violatedIndex } from '../../db/unique-violation';
import { today } from '../../calendar';
import { permissionsRefused, type AuthUser } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { hashSecret } from '../../auth/tokens';
import { badRequest, fieldError, notFound } from '../../errors';
import type { Storage } from '../../storage/storage';
import { fileLink, verifyStoredImage } from '../uploads';
import { assertMayChangeUser } from '../../auth/user-policy';
import { deviceCounts, NO_DEVICES } from './device-counts';

/** What the organization services need from the app. */
export interface OrganizationDeps {
  db: Db;
  storage: Storage;
  timeZone: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

const NO_BRANDING: OrganizationDetails = { name: null, url: null, tagline: null };

export async function brandingFor(
  { db, storage }: OrganizationDeps,
  subDomain: string | undefined,
): Promise<OrganizationDetails> {
  if (!subDomain) return NO_BRANDING;
  const [org] = await db
    .select({
      name: organizations.companyName,
      logo: organizations.companyLogo,
      tagline: organizations.tagline,
    })
    .from(organizations)
    .where(and(sql`lower(${organizations.subDomain}) = ${subDomain}`, eq(organizations.isActive, true)));
  return org ? { name: org.name, url: await fileLink(storage, org.logo), tagline: org.tagline } : NO_BRANDING;
}

/** The provider sees every organization; a customer organization itself and the clients it registered. */
export function visibleOrganizations(auth: AuthUser): SQL | undefined {
  if (auth.isProvider) return undefined;
  return or(eq(organizations.id, auth.organizationId), eq(organizations.parentId, auth.organizationId));
}

const owner = aliasedTable(users, 'owner');

export async function listOrganizations(
  deps: OrganizationDeps,
  auth: AuthUser,
  query: PageParams &
    DeletedRowsQuery & { query?: string | undefined; email?: string | undefined; id?: number | undefined },
) {
  const where = and(
    listedRows(organizations, query),
    visibleOrganizations(auth),
    query.email ? sql`lower(${organizations.email}) = ${query.email}` : undefined,
    query.id ? eq(organizations.id, query.id) : undefined,
    textSearch(query.query, [
      organizations.companyName,
      organizations.name,
      organizations.email,
      organizations.mobile,
      organizations.pan,
      sql`${organizations.id}::text`,
    ]),
  );
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    selectRows(deps.db).where(where).orderBy(desc(organizations.id)).limit(limit).offset(offset),
    deps.db.select({ n: count() }).from(organizations).where(where),
  ]);
  const day = today(deps.timeZone);
  const counts = await deviceCounts(
    deps.db,
    rows.map((r) => r.org.id),
    day,
  );
  return pageOf(
    query,
    await Promise.all(rows.map((r) => toRow(deps.storage, r, day, counts.get(r.org.id)))),
    total?.n ?? 0,
  );
}

/**
 * Counts over the organizations the caller sees: Active plus Expired are the rows of its organization
 * list (the caller's own organization included, as the list shows it), Deactivated the deleted ones.
 */
export async function dashboardCompanies({ db, timeZone }: OrganizationDeps, auth: AuthUser) {
  const day = today(timeZone);
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${organizations.isActive} and (${organizations.expiryDate} is null or ${organizations.expiryDate} > ${day}))`,
      expired: sql<number>`count(*) filter (where ${organizations.isActive} and ${organizations.expiryDate} <= ${day})`,
      deactivated: sql<number>`count(*) filter (where not ${organizations.isActive})`,
    })
    .from(organizations)
    .where(visibleOrganizations(auth));
  return {
    active_companies: Number(row?.active ?? 0),
    expired_count: Number(row?.expired ?? 0),
    deactivated_companies: Number(row?.deactivated ?? 0),
  };
}

export async function isSubDomainAvailable(db: Db, subDomain: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.subDomain}) = ${subDomain}`,
        eq(organizations.isActive, true),
        exceptId ? sql`${organizations.id} <> ${exceptId}` : undefined,
      ),
    );
  return !taken;
}

/**
 * Registers a client organization of the caller's organization with its owner (the primary user,
 * signing in with the organization's e-mail and create_password). Both hold the chosen codes, which
 * must be codes the caller holds.
 */
export async function createOrganization(
  deps: OrganizationDeps,
  auth: AuthUser,
  body: OrganizationCreateBody,
) {
  const { db, storage } = deps;
  const keys = grantable(auth, body.permissions);
  if (body.company_logo) await verifyStoredImage({ storage, db, auth }, body.company_logo, 'company_logo');
  if (body.photo) await verifyStoredImage({ storage, db, auth }, body.photo, 'photo');
  await checkPlace(db, body.state, body.city);
  if (!(await isSubDomainAvailable(db, body.sub_domain)))
    throw fieldError('sub_domain', ORGANIZATION_MESSAGES.domainTaken);
  await checkEmailFree(db, body.email);
  const passwordHash = await hashPassword(body.create_password);
  const id = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        companyName: body.company_name,
        name: body.name ?? '',
        email: body.email,
        mobile: body.mobile,
        photo: body.photo,
        stateId: body.state,
        cityId: body.city,
        address: body.address,
        gst: body.gst,
        pan: body.pan,
        activationDate: body.activation_date,
        expiryDate: body.expiry_date,
        companyLogo: body.company_logo,
        tagline: body.tagline,
        subDomain: body.sub_domain,
        permissions: keys,
        parentId: auth.organizationId,
      })
      .returning({ id: organizations.id });
    if (!org) throw new Error('insert returned no row');
    const [first = '', ...rest] = (body.name ?? '').split(/\s+/).filter(Boolean);
    await tx.insert(users).values({
      organizationId: org.id,
      email: body.email,
      firstName: first,
      lastName: rest.join(' '),
      mobile: body.mobile,
      photo: body.photo,
      passwordHash,
      permissions: keys,
      isPrimary: true,
    });
    return org.id;
  });
  return getOrganization(deps, auth, id);
}

export async function updateOrganization(
  deps: OrganizationDeps,
  auth: AuthUser,
  body: OrganizationUpdateBody,
) {
  const { db, storage } = deps;
  const current = await findVisible(db, auth, body.id);
  if (body.is_active === false) {
    if (current.id === auth.organizationId || current.isProvider)
      throw badRequest(ORGANIZATION_MESSAGES.cannotDeleteOwn);
    await db.transaction(async (tx) => {
      await softDelete(tx as unknown as Db, organizations, eq(organizations.id, current.id));
      // Its people go with it (their e-mails become free again, and a restore brings them back), and
      // their open sessions end now.
      await tx
        .update(users)
        .set({ isActive: false, deletedWithOrganization: true, updatedAt: new Date() })
        .where(and(eq(users.organizationId, current.id), eq(users.isActive, true)));
      await revokeSessions(tx as unknown as Db, { organization: current.id }, 'organization deleted');
    });
    return null;
  }
  const selfEdit = current.id === auth.organizationId && !current.isProvider;
  if (selfEdit) refuseParentFields(current, body);
  // The owner's sign-in e-mail, mobile and photo follow the organization's, so whoever changes them
  // changes the owner's account, by the rules of user-policy.ts: a parent organization or a lesser
  // employee of the provider could otherwise move the owner's sign-in to its own address and reset
  // the password.
  if (touchesOwnerContact(current, body)) {
    const [owner] = await db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, current.id), eq(users.isPrimary, true), eq(users.isActive, true)));
    if (owner) assertMayChangeUser(auth, owner, current.permissions);
  }
  const keys = body.permissions ? grantable(auth, body.permissions) : undefined;
  if (body.company_logo && body.company_logo !== current.companyLogo) {
    await verifyStoredImage({ storage, db, auth }, body.company_logo, 'company_logo');
  }
  if (body.photo && body.photo !== current.photo)
    await verifyStoredImage({ storage, db, auth }, body.photo, 'photo');
  if (body.state !== undefined || body.city !== undefined) {
    await checkPlace(db, body.state ?? current.stateId, body.city ?? current.cityId);
  }
  if (body.sub_domain && !(await isSubDomainAvailable(db, body.sub_domain, current.id))) {
    throw fieldError('sub_domain', ORGANIZATION_MESSAGES.domainTaken);
  }
  if (body.email && body.email !== current.email.toLowerCase())
    await checkEmailFree(db, body.email, current.id);
  // The contract compares the two when both are sent; one sent alone is compared with the stored other.
  if (
    (body.gst !== undefined || body.pan !== undefined) &&
    !gstinMatchesPan(body.gst !== undefined ? body.gst : current.gst, body.pan ?? current.pan)
  )
    throw fieldError('gst', GSTIN_MESSAGES.panMismatch);
  const activation = body.activation_date ?? current.activationDate;
  const expiry = body.expiry_date ?? current.expiryDate;
  if (activation && expiry && expiry <= activation)
    throw fieldError('expiry_date', ORGANIZATION_MESSAGES.expiryBeforeActivation);

  await db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        ...(body.company_name !== undefined && { companyName: body.company_name }),
        ...(body.name !== undefined && { name: body.name ?? '' }),
        ...(body.email !== undefined && { email: body.email }),
        ...(body.mobile !== undefined && { mobile: body.mobile }),
        ...(body.photo !== undefined && { photo: body.photo }),
        ...(body.state !== undefined && { stateId: body.state }),
        ...(body.city !== undefined && { cityId: body.city }),
        ...(body.address !== undefined && { address: body.address }),
        ...(body.gst !== undefined && { gst: body.gst }),
        ...(body.pan !== undefined && { pan: body.pan }),
        ...(body.activation_date !== undefined && { activationDate: body.activation_date }),
        ...(body.expiry_date !== undefined && { expiryDate: body.expiry_date }),
        ...(body.company_logo !== undefined && { companyLogo: body.company_logo }),
        ...(body.tagline !== undefined && { tagline: body.tagline }),
        ...(body.sub_domain !== undefined && { subDomain: body.sub_domain }),
        ...(keys && { permissions: keys }),
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, current.id));
    // The owner's sign-in e-mail and contact follow the organization's.
    await tx
      .update(users)
      .set({
        ...(body.email !== undefined && { email: body.email }),
        ...(body.mobile !== undefined && { mobile: body.mobile }),
        ...(body.photo !== undefined && { photo: body.photo }),
        updatedAt: new Date(),
      })
      .where(and(eq(users.organizationId, current.id), eq(users.isPrimary, true), eq(users.isActive, true)));
  });
  if (body.email !== undefined)
    noticeEmailChanged(deps.mailer, deps.log, { from: current.email, to: body.email });
  return getOrganization(deps, auth, current.id);
}

/**
 * Restores a deleted organization the caller sees, with the people deleted with it. Refused, naming the
 * field, when the organization that manages it is deleted, or another active organization or user now
 * holds its e-mail or sub-domain (its owner signs in with that e-mail). Another person whose e-mail is
 * now someone else's stays deleted and is named in `notRestored`. Null when no deleted organization
 * has this id in the caller's scope.
 */
export async function restoreOrganization(
  deps: OrganizationDeps,
  auth: AuthUser,
  id: number,
): Promise<{ row: OrganizationRow; notRestored: string[] } | null> {
  const notRestored: string[] = [];
  const restored = await restoreRow(deps.db, organizations, id, {
    scope: visibleOrganizations(auth),
    check: async (tx, org) => {
      if (org.parentId !== null) {
        const [parent] = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.id, org.parentId), eq(organizations.isActive, true)));
        if (!parent) throw fieldError('parent', ORGANIZATION_MESSAGES.parentDeleted);
      }
      await checkEmailFree(tx, org.email.toLowerCase(), org.id);
      if (org.subDomain && !(await isSubDomainAvailable(tx, org.subDomain.toLowerCase(), org.id)))
        throw fieldError('sub_domain', ORGANIZATION_MESSAGES.domainTaken);
    },
    alongside: async (tx, org) => {
      const people = await tx
        .select()
        .from(users)
        .where(
          and(
            eq(users.organizationId, org.id),
            eq(users.deletedWithOrganization, true),
            eq(users.isActive, false),
          ),
        )
        .orderBy(desc(users.isPrimary), users.id);
      for (const person of people) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${person.email})`, eq(users.isActive, true)));
        if (taken) {
          // The owner signs in with the organization's e-mail, checked above; anyone else waits.
          if (person.isPrimary) throw fieldError('email', ORGANIZATION_MESSAGES.emailTaken);
          notRestored.push(person.email);
          continue;
        }
        await tx
          .update(users)
          .set({ isActive: true, deletedWithOrganization: false, updatedAt: new Date() })
          .where(eq(users.id, person.id));
      }
    },
    guard: (write) =>
      guardUnique(write, (error) =>
        violatedIndex(error).includes('sub_domain')
          ? fieldError('sub_domain', ORGANIZATION_MESSAGES.domainTaken)
          : fieldError('email', ORGANIZATION_MESSAGES.emailTaken),
      ),
  });
  if (!restored) return null;
  return { row: await getOrganization(deps, auth, restored.id), notRestored };
}

const ADOPTION_LINK_HOURS = 72;

/**
 * Asks to add an organization that already exists to the caller's clients. E-mail and PAN must both
 * match one active organization; one held by the provider directly (or by nobody) can be taken over,
 * one that another customer manages cannot. Nothing changes now: the organization's owner gets a
 * single-use link, and only their confirmation moves it (knowing an e-mail and a PAN proves nothing).
 */
export async function requestAdoption(
  deps: OrganizationDeps & { publicUrl: string },
  auth: AuthUser,
  email: string,
  pan: string,
): Promise<void> {
  const { db } = deps;
  const org = await adoptable(db, auth.organizationId, { email, pan });
  const [owner] = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.organizationId, org.id), eq(users.isPrimary, true), eq(users.isActive, true)));
  const [parent] = await db
    .select({ companyName: organizations.companyName })
    .from(organizations)
    .where(eq(organizations.id, auth.organizationId));
  const code = randomBytes(32).toString('base64url');
  await db.insert(organizationAdoptions).values({
    organizationId: auth.organizationId,
    adoptedId: org.id,
    requestedBy: auth.id,
    codeHash: hashSecret(code),
    expiresAt: new Date(Date.now() + ADOPTION_LINK_HOURS * 3_600_000),
  });
  const link = `${deps.publicUrl}/confirm-organization/${code}`;
  const text =
    `${parent?.companyName ?? 'Another organization'} asks to manage ${org.companyName} in RMS Console: ` +
    `it would see and change your organization's details, people and devices.\n\n` +
    `To agree, open this link within ${ADOPTION_LINK_HOURS} hours:\n\n${link}\n\n` +
    'If you do not know them, ignore this mail: nothing changes.\n';
  deps.mailer
    .send({
      to: owner?.email ?? org.email,
      subject: `Confirm: ${org.companyName} managed by ${parent?.companyName ?? 'another organization'}`,
      text,
    })
    .catch((err: unknown) => deps.log.error({ err }, 'adoption mail failed'));
}

/** The owner's confirmation: spends the code and moves the organization under the requester. */
export async function confirmAdoption(db: Db, code: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .update(organizationAdoptions)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(organizationAdoptions.codeHash, hashSecret(code)),
          isNull(organizationAdoptions.confirmedAt),
          gt(organizationAdoptions.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!request) throw fieldError('code', ORGANIZATION_MESSAGES.adoptionInvalid);
    // The rules are checked again: the organization may have moved or closed since the request.
    const org = await adoptable(tx as unknown as Db, request.organizationId, { id: request.adoptedId });
    const [parent] = await tx
      .select({ companyName: organizations.companyName, isActive: organizations.isActive })
      .from(organizations)
      .where(eq(organizations.id, request.organizationId));
    if (!parent?.isActive) throw fieldError('code', ORGANIZATION_MESSAGES.adoptionInvalid);
    await tx
      .update(organizations)
      .set({ parentId: request.organizationId, updatedAt: new Date() })
      .where(eq(organizations.id, org.id));
    return ORGANIZATION_MESSAGES.adoptionConfirmed(org.companyName, parent.companyName);
  });
}

/** The organization that `parentId` may add: active, not the provider, not itself, not another customer's. */
async function adoptable(
  db: Db,
  parentId: number,
  match: { email: string; pan: string } | { id: number },
): Promise<typeof organizations.$inferSelect> {
  const [org] = await db
    .select()
    .from(organizations)
    .where(
      and(
        'id' in match
          ? eq(organizations.id, match.id)
          : and(sql`lower(${organizations.email}) = ${match.email}`, eq(organizations.pan, match.pan)),
        eq(organizations.isActive, true),
      ),
    );
  if (!org || org.isProvider || org.id === parentId) throw badRequest(ORGANIZATION_MESSAGES.existingNotFound);
  if (org.parentId === parentId) throw badRequest(ORGANIZATION_MESSAGES.existingAlready);
  const [parent] = org.parentId
    ? await db
        .select({ isProvider: organizations.isProvider })
        .from(organizations)
        .where(eq(organizations.id, org.parentId))
    : [];
  if (parent && !parent.isProvider) throw badRequest(ORGANIZATION_MESSAGES.existingElsewhere);
  return org;
}

async function getOrganization(deps: OrganizationDeps, auth: AuthUser, id: number): Promise<OrganizationRow> {
  const [row] = await selectRows(deps.db).where(and(eq(organizations.id, id), visibleOrganizations(auth)));
  if (!row) throw notFound();
  const day = today(deps.timeZone);
  const counts = await deviceCounts(deps.db, [row.org.id], day);
  return toRow(deps.storage, row, day, counts.get(row.org.id));
}

async function findVisible(db: Db, auth: AuthUser, id: number) {
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.isActive, true), visibleOrganizations(auth)));
  if (!org) throw notFound();
  return org;
}

/** Nobody grants more than they hold. */
/**
 * What the parent grants an organization (its expiry and activation dates, its permission codes) is
 * the parent's to change: an organization editing itself may resend them unchanged, never change them.
 */
function refuseParentFields(current: typeof organizations.$inferSelect, body: OrganizationUpdateBody): void {
  if (body.expiry_date !== undefined && body.expiry_date !== current.expiryDate)
    throw fieldError('expiry_date', ORGANIZATION_MESSAGES.parentOnly);
  if (body.activation_date !== undefined && body.activation_date !== current.activationDate)
    throw fieldError('activation_date', ORGANIZATION_MESSAGES.parentOnly);
  if (body.permissions !== undefined) {
    const sent = [...new Set(body.permissions.filter((p) => p.is_active !== false).map((p) => p.key))].sort();
    if (sent.join() !== [...current.permissions].sort().join())
      throw fieldError('permissions', ORGANIZATION_MESSAGES.parentOnly);
  }
}

/** Whether the update changes the owner's sign-in e-mail, mobile or photo (they follow the organization's). */
function touchesOwnerContact(
  current: typeof organizations.$inferSelect,
  body: OrganizationUpdateBody,
): boolean {
  return (
    (body.email !== undefined && body.email !== current.email.toLowerCase()) ||
    (body.mobile !== undefined && body.mobile !== current.mobile) ||
    (body.photo !== undefined && body.photo !== current.photo)
  );
}

function grantable(
  auth: AuthUser,
  permissions: { key: string; is_active?: boolean | undefined }[],
): string[] {
  const keys = [...new Set(permissions.filter((p) => p.is_active !== false).map((p) => p.key))];
  const refused = keys.filter((k) => !auth.permissions.includes(k));
  if (refused.length > 0) throw permissionsRefused(refused);
  return keys;
}

async function checkPlace(db: Db, stateId: number | null, cityId: number | null): Promise<void> {
  if (stateId === null) throw fieldError('state', "'state' is required!");
  const [state] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.id, stateId), eq(states.isActive, true)));
  if (!state) throw fieldError('state', 'State not found');
  if (cityId === null) throw fieldError('city', "'city' is required!");
  const [city] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.stateId, stateId), eq(cities.isActive, true)));
  if (!city) throw fieldError('city', 'City not found in the chosen state');
}

/** The e-mail names the organization and signs its owner in: it must be free among both. */
async function checkEmailFree(db: Db, email: string, exceptOrganization?: number): Promise<void> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.email}) = ${email}`,
        eq(organizations.isActive, true),
        exceptOrganization ? sql`${organizations.id} <> ${exceptOrganization}` : undefined,
      ),
    );
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        eq(users.isActive, true),
        exceptOrganization
          ? sql`not (${users.organizationId} = ${exceptOrganization} and ${users.isPrimary})`
          : undefined,
      ),
    );
  if (org || user) throw fieldError('email', ORGANIZATION_MESSAGES.emailTaken);
}

function selectRows(db: Db) {
  return db
    .select({
      org: organizations,
      stateName: states.name,
      cityName: cities.name,
      ownerId: owner.id,
      ownerFirst: owner.firstName,
      ownerLast: owner.lastName,
      ownerEmail: owner.email,
      ownerMobile: owner.mobile,
    })
    .from(organizations)
    .leftJoin(states, eq(states.id, organizations.stateId))
    .leftJoin(cities, eq(cities.id, organizations.cityId))
    .leftJoin(
      owner,
      and(eq(owner.organizationId, organizations.id), eq(owner.isPrimary, true), eq(owner.isActive, true)),
    )
    .$dynamic();
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

async function toRow(
  storage: Storage,
  r: SelectedRow,
  day: string,
  devices = NO_DEVICES,
): Promise<OrganizationRow> {
  const o = r.org;
  return {
    id: o.id,
    company_name: o.companyName,
    name: o.name,
    email: o.email,
    mobile: o.mobile,
    photo: o.photo,
    state: o.stateId,
    city: o.cityId,
    state_data: r.stateName ? { name: r.stateName } : null,
    city_data: r.cityName ? { name: r.cityName } : null,
    address: o.address,
    gst: o.gst,
    pan: o.pan,
    activation_date: o.activationDate,
    expiry_date: o.expiryDate,
    status: o.expiryDate && o.expiryDate <= day ? 'Expired' : 'Active',
    company_logo: o.companyLogo,
    company_logo_url: await fileLink(storage, o.companyLogo),
    tagline: o.tagline,
    sub_domain: o.subDomain,
    permissions: o.permissions.map((key) => ({ key, is_active: true })),
    client_details: devices,
    user_data:
      r.ownerId !== null
        ? {
            id: r.ownerId,
            name: [r.ownerFirst, r.ownerLast].filter(Boolean).join(' '),
            email: r.ownerEmail ?? '',
            mobile: r.ownerMobile,
          }
        : null,
    is_provider: o.isProvider,
    is_active: o.isActive,
    created_at: o.createdAt.toISOString(),
  };
}
