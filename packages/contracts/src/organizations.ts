import { z } from 'zod';

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
  return labels.length >= minimum ? labels[0] : undefined;
}

/** A permission key the caller may grant (spec 01 §3: labels come from permissionLabel). */
export const permissionKey = z.object({ key: z.string() });
export const permissionKeyListResponse = z.array(permissionKey);
