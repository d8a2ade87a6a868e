import { z } from 'zod';
import { listResponse, pageQuery } from './common';
import { EMPLOYEE_MESSAGES, email, mobile, newPassword } from './employees';
import { idOf, isoDate, optionalText, queryId, requiredText } from './fields';
import { GSTIN_MESSAGES, gstinMatchesPan, optionalGstin, pan } from './tax-ids';
import { optionalStoredKey } from './uploads';
import { deletedRowsQuery } from './soft-delete';

// The organizations area. Branding for the sign-in page: the organization whose sub-domain the
// console is opened on, or nulls (the console then shows its defaults).
export const organizationDetailsQuery = z.object({
  sub_domain: z.string().trim().toLowerCase().max(63).optional(),
});
export const organizationDetails = z.object({
  name: z.string().nullable(),
  url: z.string().nullable(),
  tagline: z.string().nullable(),
});
export type OrganizationDetails = z.infer<typeof organizationDetails>;

/** `acme.rms.example.com` → `acme`; `acme.localhost` → `acme`; a bare host or an IP address → undefined. */
export function subDomainOf(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  if (/^[\d.]+$/.test(host) || host.includes(':')) return undefined;
  const labels = host.split('.');
  const minimum = labels[labels.length - 1] === 'localhost' ? 2 : 3;
  const first = labels[0];
  return labels.length >= minimum && first && first !== 'www' ? first : undefined;
}

/** A permission key the caller may grant (spec 01 §3: labels come from permissionLabel). */
export const permissionKey = z.object({ key: z.string() });
export const permissionKeyListResponse = z.array(permissionKey);

// ---- Organizations: registration, list, existing organization, sub-domain, dashboard (spec 01 §2–§8)

export const ORGANIZATION_MESSAGES = {
  parentOnly: 'Only the organization that manages this one can change this',
  created: 'Organization created successfully',
  updated: 'Account has been updated',
  added: 'Organization added successfully',
  adoptionMailed:
    "A confirmation link was mailed to the organization's owner. It joins your organizations once they confirm.",
  adoptionConfirmed: (name: string, parent: string) => `${name} is now managed by ${parent}.`,
  adoptionInvalid: 'This confirmation link is invalid, has expired or was already used.',
  deleted: 'Organization deleted successfully',
  restored: 'Organization restored successfully',
  /** People of a restored organization whose e-mail another account took meanwhile stay deleted. */
  restoredExcept: (emails: string[]) =>
    `Organization restored successfully. Not restored, as another account now uses their e-mail: ${emails.join(', ')}`,
  parentDeleted: 'The organization that manages this one is deleted: restore it first',
  domainAvailable: 'Domain Available',
  domainTaken: 'Domain Is Not Available',
  domainRequired: 'Domain is required',
  domainInvalid: 'Use 3 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen',
  emailTaken: 'An organization or user with this e-mail already exists',
  existingNotFound: 'No organization matches this e-mail and PAN',
  existingAlready: 'This organization is already in your list',
  existingElsewhere: 'This organization belongs to another account',
  expiryBeforeActivation: 'Expiry date must be after the activation date',
  cannotDeleteOwn: 'You cannot delete your own organization',
} as const;

/** Names a sub-domain may not take: they are the console's own hosts. */
export const RESERVED_SUB_DOMAINS = [
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'static',
  'assets',
  'mqtt',
  'docs',
];

export const subDomain = z
  .string({ error: ORGANIZATION_MESSAGES.domainRequired })
  .trim()
  .toLowerCase()
  .min(1, { message: ORGANIZATION_MESSAGES.domainRequired, abort: true })
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/, ORGANIZATION_MESSAGES.domainInvalid)
  .refine((v) => !RESERVED_SUB_DOMAINS.includes(v), ORGANIZATION_MESSAGES.domainTaken);

export const subDomainCheckBody = z.object({ sub_domain: subDomain });
export const subDomainCheckResponse = z.object({ available: z.boolean(), detail: z.string() });

const organizationFields = {
  company_name: requiredText('company_name', 150),
  state: idOf('state'),
  city: idOf('city'),
  address: requiredText('address', 500),
  activation_date: isoDate('activation_date'),
  expiry_date: isoDate('expiry_date'),
  pan,
  gst: optionalGstin,
  tagline: optionalText(200),
  sub_domain: subDomain,
  company_logo: optionalStoredKey,
  name: optionalText(150),
  email,
  mobile,
  photo: optionalStoredKey,
  permissions: z
    .array(z.object({ key: z.string().min(1).max(64), is_active: z.boolean().optional() }))
    .max(100),
};

const datesInOrder = (b: { activation_date?: string; expiry_date?: string }) =>
  !b.activation_date || !b.expiry_date || b.expiry_date > b.activation_date;

/** The GST number, when given with the PAN, is that PAN's (an update sending one is checked by the server). */
const gstHoldsPan = (b: { gst?: string | null | undefined; pan?: string | undefined }) =>
  gstinMatchesPan(b.gst, b.pan);

export const organizationCreateBody = z
  .object({
    ...organizationFields,
    permissions: organizationFields.permissions.default([]),
    create_password: newPassword,
    password: z.string().optional(),
  })
  .refine((b) => b.password === undefined || b.password === b.create_password, {
    path: ['password'],
    message: EMPLOYEE_MESSAGES.passwordsDiffer,
  })
  .refine(datesInOrder, { path: ['expiry_date'], message: ORGANIZATION_MESSAGES.expiryBeforeActivation })
  .refine(gstHoldsPan, { path: ['gst'], message: GSTIN_MESSAGES.panMismatch });
export type OrganizationCreateBody = z.infer<typeof organizationCreateBody>;
/** What a client sends (before the contract's defaults and transforms). */
export type OrganizationCreateInput = z.input<typeof organizationCreateBody>;

/** Update: every field optional but validated; `is_active: false` is the soft delete. */
export const organizationUpdateBody = z
  .object({ id: idOf('id'), is_active: z.boolean().optional(), ...organizationFields })
  .partial({
    company_name: true,
    state: true,
    city: true,
    address: true,
    activation_date: true,
    expiry_date: true,
    pan: true,
    sub_domain: true,
    email: true,
    mobile: true,
    permissions: true,
  })
  .refine(datesInOrder, { path: ['expiry_date'], message: ORGANIZATION_MESSAGES.expiryBeforeActivation })
  .refine(gstHoldsPan, { path: ['gst'], message: GSTIN_MESSAGES.panMismatch });
export type OrganizationUpdateBody = z.infer<typeof organizationUpdateBody>;
export type OrganizationUpdateInput = z.input<typeof organizationUpdateBody>;

export const existingOrganizationBody = z.object({ email, pan });
/** The owner of the organization being added confirms with the code from the mailed link. */
export const adoptionConfirmBody = z.object({ code: z.string().trim().min(1).max(200) });

export const organizationListQuery = pageQuery.extend({
  email: z.string().trim().toLowerCase().max(254).optional(),
  id: queryId.optional(),
  ...deletedRowsQuery.shape,
});

export const clientDetails = z.object({
  active_devices: z.number().int(),
  inactive_devices: z.number().int(),
  expired_count: z.number().int(),
});

export const organizationRow = z.object({
  id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  photo: z.string().nullable(),
  state: z.number().int().nullable(),
  city: z.number().int().nullable(),
  state_data: z.object({ name: z.string() }).nullable(),
  city_data: z.object({ name: z.string() }).nullable(),
  address: z.string(),
  gst: z.string().nullable(),
  pan: z.string().nullable(),
  activation_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  status: z.enum(['Active', 'Expired']),
  company_logo: z.string().nullable(),
  company_logo_url: z.string().nullable(),
  tagline: z.string().nullable(),
  sub_domain: z.string().nullable(),
  permissions: z.array(z.object({ key: z.string(), is_active: z.boolean() })),
  client_details: clientDetails,
  user_data: z
    .object({ id: z.number().int(), name: z.string(), email: z.string(), mobile: z.string().nullable() })
    .nullable(),
  is_provider: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type OrganizationRow = z.infer<typeof organizationRow>;
export const organizationList = listResponse(organizationRow);

export const dashboardCompanies = z.object({
  active_companies: z.number().int(),
  expired_count: z.number().int(),
  deactivated_companies: z.number().int(),
});
