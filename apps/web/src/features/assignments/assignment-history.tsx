import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { AssignmentRow } from '@rms/contracts/assignments';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDate, formatDateTimeAmPm } from '../../lib/format';
import { assignmentHistoryQuery } from './api';
import type { AssignView } from './kinds';

/** The assignments of this kind the caller's organization gave or received, newest first. */
export function AssignmentHistory({ view }: { view: AssignView }) {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useQuery(assignmentHistoryQuery(view.kind, { page, pageSize: PAGE_SIZE }));
  const columns: ColumnsType<AssignmentRow> = [
    { title: view.itemLabel, dataIndex: 'item_code', fixed: 'left', render: dash },
    { title: 'From', key: 'from', render: (_v, row) => dash(row.from_organization.company_name) },
    { title: 'To', key: 'to', render: (_v, row) => dash(row.buyer.company_name) },
    { title: 'Expiry Date', dataIndex: 'expiry_date', render: formatDate },
    ...(view.withDeviceType ? [{ title: 'Device Type', dataIndex: 'device_type', render: dash }] : []),
    { title: 'Assigned By', key: 'by', render: (_v, row) => dash(row.assigned_by?.name) },
    {
      title: 'Assigned On',
      dataIndex: 'created_at',
      render: formatDateTimeAmPm,
    },
  ];
  return (
    <section aria-label="Recent assignments">
      <Typography.Title level={5}>Recent assignments</Typography.Title>
      <PagedTable<AssignmentRow>
        rowKey="id"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{ emptyText: 'No assignments yet' }}
      />
    </section>
  );
}
