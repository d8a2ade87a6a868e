import type { GroupRow } from '@rms/contracts/groups';

/** A group as the group list answers it, for the "Apply to a group" pickers. */
export function groupChoice(over: Partial<GroupRow> = {}): GroupRow {
  return {
    id: 5,
    organization: 1,
    organization_name: 'Sunrise Lighting',
    name: 'Festival lights',
    kind: 'dynamic',
    filter: { tag: 'festival' },
    devices: 3,
    schedules: 0,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    ...over,
  };
}
