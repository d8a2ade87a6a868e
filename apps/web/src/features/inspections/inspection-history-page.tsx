import { useQuery } from '@tanstack/react-query';
import { Button, Card, List, Modal, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COMMAND_STATUS_LABELS } from '@rms/contracts/commands';
import { inspectionLabel, type InspectionRow } from '@rms/contracts/inspections';
import { useCanOpen } from '../../auth/use-allows';
import { ListToolbar } from '../../components/list-toolbar';
import { PagedTable } from '../../components/paged-table';
import { formatDateTimeAmPm } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { inspectionListQuery } from './api';

/** Inspection History (spec 02 §2): date, the devices ("View All"), and Force On / Force Off. */
export function InspectionHistoryPage() {
  const list = useListParams();
  const navigate = useNavigate();
  const canAddActivation = useCanOpen('/device-activation');
  const [shown, setShown] = useState<InspectionRow | null>(null);
  const { data, isFetching } = useQuery(
    inspectionListQuery({ page: list.page, pageSize: list.pageSize, query: list.query }),
  );

  const columns: ColumnsType<InspectionRow> = [
    { title: 'Date', dataIndex: 'created_at', render: formatDateTimeAmPm },
    {
      title: 'Devices',
      key: 'devices',
      render: (_v, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setShown(row)}>
          View All
        </Button>
      ),
    },
    { title: 'Inspection', dataIndex: 'insp', render: inspectionLabel },
  ];

  return (
    <Card>
      <ListToolbar
        title="Inspection History"
        searchLabel="Search inspections"
        searchPlaceholder="Search by device ID"
        list={list}
        add={
          canAddActivation
            ? { label: 'Add Device Activation', onClick: () => navigate('/device-activation') }
            : undefined
        }
      />
      <PagedTable<InspectionRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={list.page}
        pageSize={list.pageSize}
        onPageChange={list.setPage}
        columns={columns}
        locale={{ emptyText: list.query ? 'No inspection matches this search' : 'No inspections yet' }}
      />
      <Modal title="Devices" open={shown !== null} onCancel={() => setShown(null)} footer={null}>
        <List
          size="small"
          dataSource={shown?.devices_data ?? []}
          renderItem={(d) => (
            <List.Item extra={d.command_status && <Tag>{COMMAND_STATUS_LABELS[d.command_status]}</Tag>}>
              {d.device_id}
            </List.Item>
          )}
        />
      </Modal>
    </Card>
  );
}
