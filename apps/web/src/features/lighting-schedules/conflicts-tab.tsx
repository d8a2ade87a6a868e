import { useQuery } from '@tanstack/react-query';
import { DatePicker, Flex, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { PAGE_SIZE } from '@rms/contracts/messages';
import { MAX_CONFLICT_NIGHTS, type ScheduleConflictRow } from '@rms/contracts/schedules';
import { PagedTable } from '../../components/paged-table';
import { DATE_FORMAT, formatDate } from '../../lib/format';
import { conflictsQuery } from './api';
import { nightRuns, type NightRun } from './conflict-nights';

// Conflicts (docs/lighting-schedules.md): the devices two or more schedules claim on some night of the
// range (the next 14 nights unless told, at most 62), the schedules involved and who wins each night:
// a dated exception first, then the higher priority, then the older schedule.

const span = (run: NightRun) =>
  run.from === run.to ? formatDate(run.from) : `${formatDate(run.from)} – ${formatDate(run.to)}`;

function RunLine({ run }: { run: NightRun }) {
  return (
    <div>
      <Typography.Text>{span(run)}: </Typography.Text>
      <Typography.Text strong>{run.winnerName}</Typography.Text>
      <Typography.Text type="secondary">
        {run.exception ? ' wins by its exception' : ' wins by priority'}
        {run.lightsOff ? ' (lights off)' : ''} over{' '}
        {run.contenders.filter((c) => c !== run.winnerName).join(', ')}
      </Typography.Text>
    </div>
  );
}

export function ConflictsTab({ organization }: { organization: number | undefined }) {
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useQuery(
    conflictsQuery({
      page,
      page_size: PAGE_SIZE,
      ...(organization && { organization }),
      ...(range && { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }),
    }),
  );

  const columns: ColumnsType<ScheduleConflictRow> = [
    { title: 'RMS ID', key: 'rms', fixed: 'left', render: (_v, row) => row.rms_id },
    {
      title: 'Schedules',
      key: 'schedules',
      render: (_v, row) => (
        <Space orientation="vertical" size={4}>
          {row.schedules.map((s) => (
            <Tag key={s.id}>
              {s.name} · priority {s.priority}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: 'Winner per night',
      key: 'nights',
      render: (_v, row) => (
        // Lines wrap within 440 px instead of widening the table.
        <div style={{ minWidth: 260, maxWidth: 440, whiteSpace: 'normal' }}>
          {nightRuns(row).map((run) => (
            <RunLine key={run.from} run={run} />
          ))}
        </div>
      ),
    },
  ];

  return (
    <section aria-label="Conflicts">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {data
            ? `Devices covered by two or more schedules from ${formatDate(data.from)} to ${formatDate(data.to)}.`
            : 'Devices covered by two or more schedules.'}
        </Typography.Text>
        <DatePicker.RangePicker
          aria-label="Nights"
          format={DATE_FORMAT}
          allowClear
          placeholder={['From tonight', 'To: 14 nights']}
          value={range}
          onChange={(value) => {
            setRange(value && value[0] && value[1] ? [value[0], value[1]] : null);
            setPage(1);
          }}
          disabledDate={(day, info) => {
            const from = info.from;
            return from ? Math.abs(day.diff(from, 'day')) >= MAX_CONFLICT_NIGHTS : false;
          }}
        />
      </Flex>
      <PagedTable<ScheduleConflictRow>
        rowKey="device"
        data={data}
        loading={isFetching}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        columns={columns}
        locale={{
          emptyText: isError
            ? 'The conflicts could not be loaded'
            : 'No conflicts: every device follows one schedule on these nights',
        }}
      />
    </section>
  );
}
