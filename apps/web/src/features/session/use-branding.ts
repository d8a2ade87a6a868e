import { useQuery } from '@tanstack/react-query';
import { organizationApi as O } from '@rms/contracts/api/organizations';
import { apiQuery } from '../../api/queries';
import { DEFAULT_TAGLINE, PRODUCT_NAME } from '../../lib/branding';

export interface BrandingView {
  name: string;
  /** null: show the default logo. */
  logoUrl: string | null;
  tagline: string;
}

/**
 * The sign-in page's logo and tagline (spec 01 §1): the organization's when the host names one and it
 * has them, otherwise the defaults. The server reads the sub-domain from the host the console is
 * opened on. Failing to load them is no error worth showing.
 */
export function useBranding(): BrandingView {
  const { data } = useQuery({
    ...apiQuery(O.branding, { query: {} }),
    retry: false,
    staleTime: Infinity,
    meta: { silent: true },
  });
  return {
    name: data?.name || PRODUCT_NAME,
    logoUrl: data?.url || null,
    tagline: data?.tagline || DEFAULT_TAGLINE,
  };
}
