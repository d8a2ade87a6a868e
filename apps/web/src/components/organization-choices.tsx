import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { organizationApi } from '@rms/contracts/api/organizations';
import { apiRows } from '../api/queries';
import { useCanOpen } from '../auth/use-allows';
import { useSession } from '../auth/use-session';

// The organizations a provider's person may pick, for the screens that act for one organization among
// many (alarm rules, profiles, groups, the audit log). Listing them needs a code of its own
// (/company-view): without it, or for a customer's people, there is nothing to pick.

export interface OrganizationChoice {
  value: number;
  label: string;
}

/** The choices, or null: not the provider's, may not list organizations, or not loaded yet. */
export function useOrganizationChoices(enabled = true): OrganizationChoice[] | null {
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const canList = useCanOpen('/company-view');
  const organizations = useQuery({
    ...apiRows(organizationApi.list),
    enabled: enabled && isProvider && canList,
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
  if (!isProvider || !canList || !organizations.isSuccess) return null;
  return organizations.data.map((o) => ({ value: o.id, label: o.company_name }));
}

/** A list's organization filter ("All organizations" when cleared); nothing for whoever cannot pick. */
export function OrganizationFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const choices = useOrganizationChoices();
  if (!choices) return null;
  return (
    <Select
      aria-label="Organization"
      allowClear
      placeholder="All organizations"
      style={{ minWidth: 220 }}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={(next?: number) => onChange(next)}
      options={choices}
    />
  );
}
