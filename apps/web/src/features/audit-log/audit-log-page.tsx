import { EyeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { AuditRow } from '@rms/contracts/audit-log';
import { useSession } from '../../auth/use-session';
import { PagedTable } from '../../components/paged-table';
import { dash, formatDateTime } from '../../lib/format';
import { auditLogQuery } from './api';
import { ActorCell, OutcomeTag } from './audit-cells';
import { AuditFiltersForm } from './audit-filters-form';
import { AuditRowDrawer } from './audit-row-drawer';
import { useAuditFilters } from './use-audit-filters';

/**
 * Audit Log: every write made through the API and every failed sign-in, newest first, that the
 * caller may see (an organization its own; the provider all). Filters, a paged table, a row's detail.
 */
export function AuditLogPage() {
  const { filters, page, pageSize, apply, setPage } = useAuditFilters();
  const isProvider = useSession()?.user.organization_data.is_provider ?? false;
  const rows = useQuery(auditLogQuery(filters, page, pageSize));
  const [shown, setShown] = useState<AuditRow | null>(null);

  const columns: ColumnsType<AuditRow> = [
    { title: 'When', dataIndex: 'created_at', fixed: 'left', render: formatDateTime },
    { title: 'Actor', key: 'actor', render: (_v, row) => <ActorCell row={row} /> },
    ...(isProvider
      ? [
          {
            title: 'Organization',
            dataIndex: 'organization_name',
            render: (name: string | null) => dash(name),
          },
        ]
      : []),
    { title: 'Area', dataIndex: 'area' },
    {
      title: 'Action',
      key: 'action',
      render: (_v, row) => (
        <>
          {row.action} {row.change && <Tag>{row.change}</Tag>}
        </>
      ),
    },
    {
      title: 'Record',
      key: 'record',
      render: (_v, row) => (row.record_count !== null ? `${row.record_count} records` : dash(row.record_id)),
    },
    { title: 'Outcome', dataIndex: 'status', render: (status: number) => <OutcomeTag status={status} /> },
    { title: 'IP address', dataIndex: 'ip' },
    {
      title: 'Details',
      key: 'details',
      fixed: 'right',
      render: (_v, row) => (
        <Button
          type="text"
          icon={<EyeOutlined />}
          aria-label={`Details of entry ${row.id}`}
          onClick={() => setShown(row)}
        />
      ),
    },
  ];

  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Audit Log
      </Typography.Title>
      <AuditFiltersForm value={filters} onApply={apply} />
      <PagedTable<AuditRow>
        rowKey="id"
        data={rows.data}
        loading={rows.isFetching}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        columns={columns}
        locale={{ emptyText: 'No entries match these filters' }}
      />
      <AuditRowDrawer row={shown} onClose={() => setShown(null)} />
    </Card>
  );
}
