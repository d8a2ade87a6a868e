import type { GroupRow } from '@rms/contracts/groups';

/** A dynamic group's criteria in one line ("Project Main Road · Tag park · Online"); static: "Chosen devices". */
export function criteriaSummary(
  group: Pick<GroupRow, 'kind' | 'filter'>,
  names: { organization?: string; state?: string; city?: string } = {},
): string {
  if (group.kind === 'static') return 'Chosen devices';
  const f = group.filter ?? {};
  const parts = [
    f.organization !== undefined && `Organization ${names.organization ?? f.organization}`,
    f.project && `Project ${f.project}`,
    f.state !== undefined && `State ${names.state ?? f.state}`,
    f.city !== undefined && `City ${names.city ?? f.city}`,
    f.status,
    f.tag && `Tag ${f.tag}`,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every active device of the organization';
}
