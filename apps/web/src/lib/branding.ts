import defaultLogoUrl from '../assets/default-logo.svg';

// What the console shows when the organization has no logo or tagline of its own (spec 01 §1).
export const DEFAULT_LOGO_URL: string = defaultLogoUrl;
export const DEFAULT_TAGLINE = 'Remote monitoring for solar street lights';
export const PRODUCT_NAME = 'RMS Console';

/**
 * The organization's sub-domain, taken from the host name the console is served on
 * ("acme.rms.example.com" → "acme"). Hosts with fewer than three labels, IP addresses and "www" name
 * no organization.
 */
export function subDomainOf(hostname: string): string | null {
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':')) return null;
  const labels = hostname.split('.').filter(Boolean);
  const first = labels[0];
  if (labels.length < 3 || first === undefined || first === 'www') return null;
  return first.toLowerCase();
}
