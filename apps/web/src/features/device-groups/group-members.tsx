import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import type { GroupDevice, GroupRow } from '@rms/contracts/groups';
import { DeviceStatusTag } from '../../components/status-tags';
import { groupDevicesQuery, useGroupMembers } from './api';
import { DevicePicker } from './device-picker';

// A static group's devices: listed page by page, removed one at a time, added with the picker.

const PAGE = 10;

export function GroupMembers({ group, readOnly }: { group: GroupRow; readOnly: boolean }) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState<number[]>([]);
  const members = useQuery(groupDevicesQuery(group.id, page, PAGE));
  const change = useGroupMembers();
  const apply = (body: { add?: number[]; remove?: number[] }) =>
    change.mutateAsync({ id: group.id, body }).then((res) => {
      setAdding([]);
      void message.success(res.detail);
    });

  return (
    <section aria-label="Group devices" style={{ marginTop: 8 }}>
      <Typography.Title level={5}>Devices</Typography.Title>
      {!readOnly && (
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <div style={{ flex: 1 }}>
            <DevicePicker organization={group.organization} value={adding} onChange={setAdding} />
          </div>
          <Button
            disabled={adding.length === 0}
            loading={change.isPending}
            onClick={() => void apply({ add: adding })}
          >
            Add
          </Button>
        </Flex>
      )}
      <Table<GroupDevice>
        rowKey="id"
        size="small"
        loading={members.isFetching}
        dataSource={members.data?.results ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: members.data?.count ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        locale={{
          emptyText: members.isError ? 'The devices could not be loaded' : 'No devices in this group yet',
        }}
        columns={[
          { title: 'RMS ID', dataIndex: 'device_id' },
          { title: 'Project', dataIndex: 'project', render: (v: string | null) => v ?? '--' },
          { title: 'City', dataIndex: 'city', render: (v: string | null) => v ?? '--' },
          { title: 'Status', dataIndex: 'status', render: (v: string) => <DeviceStatusTag status={v} /> },
          ...(readOnly
            ? []
            : [
                {
                  title: 'Action',
                  key: 'remove',
                  render: (_v: unknown, row: GroupDevice) => (
                    <Button
                      type="link"
                      danger
                      aria-label={`Remove ${row.device_id}`}
                      onClick={() => void apply({ remove: [row.id] })}
                    >
                      Remove
                    </Button>
                  ),
                },
              ]),
        ]}
      />
    </section>
  );
}
