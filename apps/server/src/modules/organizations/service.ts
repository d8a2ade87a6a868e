import { and, eq, sql } from 'drizzle-orm';
import type { OrganizationDetails } from '@rms/contracts/organizations';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema/organizations';

const NO_BRANDING: OrganizationDetails = { name: null, url: null, tagline: null };

export async function brandingFor(db: Db, subDomain: string | undefined): Promise<OrganizationDetails> {
  if (!subDomain) return NO_BRANDING;
  const [org] = await db
    .select({
      name: organizations.companyName,
      logo: organizations.companyLogo,
      tagline: organizations.tagline,
    })
    .from(organizations)
    .where(and(sql`lower(${organizations.subDomain}) = ${subDomain}`, eq(organizations.isActive, true)));
  return org ? { name: org.name, url: org.logo, tagline: org.tagline } : NO_BRANDING;
}
