import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import { groupApi as G } from '@rms/contracts/api/groups';
import { PARAMETER_MESSAGES } from '@rms/contracts/parameters';
import { apiPage } from '../api/queries';
import { useAllows } from '../auth/use-allows';

// "Apply to a group" (docs/device-groups.md): the bulk parameter and the inspection act on a device
// group's devices as they are when the call arrives, instead of the rows ticked in the table. Offered
// only to a user who may read groups.

/** Whether the signed-in user may pick a group (reads the group list). */
export function useCanPickGroup(): boolean {
  return useAllows(G.groupList.access);
}

/** A required, searchable pick of the groups the user sees, each with its device count now. */
export function GroupSelectItem() {
  const [query, setQuery] = useState('');
  const groups = useQuery({
    ...apiPage(G.groupList, { page: 1, page_size: 50, query: query || undefined }),
    placeholderData: keepPreviousData,
  });
  return (
    <Form.Item name="group" label="Group" rules={[{ required: true, message: 'Choose a group' }]}>
      <Select
        aria-label="Group"
        placeholder="Choose a group"
        showSearch={{ filterOption: false, onSearch: setQuery }}
        loading={groups.isFetching}
        notFoundContent={groups.isLoading ? undefined : 'No groups'}
        options={(groups.data?.results ?? []).map((g) => ({
          value: g.id,
          label: `${g.name} (${g.devices} device${g.devices === 1 ? '' : 's'})`,
          disabled: g.devices === 0,
          title: g.devices === 0 ? PARAMETER_MESSAGES.groupEmpty : undefined,
        }))}
      />
    </Form.Item>
  );
}
