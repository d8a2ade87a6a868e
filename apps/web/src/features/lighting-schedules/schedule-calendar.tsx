import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Calendar, Flex, Spin, Tag, Tooltip, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import type { CalendarNight } from '@rms/contracts/schedules';
import { wallClock } from '../../lib/clock';
import { calendarQuery } from './api';
import './schedule-calendar.css';

// A month of the schedule's group (docs/lighting-schedules.md): each night's winning schedule and its
// profile, lights off, or an exception's, by the one rule the server plans with (`nightChoice`).

/** What a night shows: the profile (or lights off), and which schedule or exception decided it. */
export function nightLabel(night: CalendarNight): { text: string; detail: string; colour?: string } {
  if (night.schedule === null)
    return { text: 'No schedule', detail: 'The devices keep their own parameters' };
  const text = night.profile === null ? 'Lights off' : (night.profile_name ?? '');
  if (night.exception)
    return {
      text,
      detail: `${night.exception_name ?? 'Exception'} (exception of ${night.schedule_name ?? ''})`,
      colour: night.profile === null ? 'red' : 'gold',
    };
  return { text, detail: `${night.schedule_name ?? ''}`, colour: 'blue' };
}

export function ScheduleCalendar({ group, groupName }: { group: number; groupName: string }) {
  const [today] = useState<Dayjs>(() => wallClock());
  const [month, setMonth] = useState<Dayjs>(() => today.startOf('month'));
  const key = month.format('YYYY-MM');
  const { data, isFetching, isError } = useQuery(calendarQuery(group, key));
  const byDate = useMemo(
    () => new Map((data?.month === key ? data.nights : []).map((n) => [n.date, n])),
    [data, key],
  );

  return (
    <section aria-label="Calendar">
      <Typography.Paragraph type="secondary">
        Each night of the month for the group <strong>{groupName}</strong>: the profile that runs and the
        schedule that wins it. Gold: an exception; red: lights off.
      </Typography.Paragraph>
      {isError && (
        <Alert
          type="warning"
          showIcon
          message="The calendar could not be loaded"
          style={{ marginBottom: 12 }}
        />
      )}
      <Spin spinning={isFetching}>
        <Calendar
          className="schedule-calendar"
          value={month}
          mode="month"
          onPanelChange={(value: Dayjs) => setMonth(value.startOf('month'))}
          onSelect={(value: Dayjs, info) => {
            if (info.source !== 'date') setMonth(value.startOf('month'));
          }}
          headerRender={() => (
            <Flex justify="space-between" align="center" style={{ padding: '8px 0' }}>
              <Button
                icon={<LeftOutlined />}
                aria-label="Previous month"
                onClick={() => setMonth(month.subtract(1, 'month'))}
              />
              <Typography.Title level={5} style={{ margin: 0 }} aria-live="polite">
                {month.format('MMMM YYYY')}
              </Typography.Title>
              <Button
                icon={<RightOutlined />}
                aria-label="Next month"
                onClick={() => setMonth(month.add(1, 'month'))}
              />
            </Flex>
          )}
          // The whole cell is drawn here: no day looks picked (the calendar only browses), today is marked.
          fullCellRender={(day: Dayjs, info) => {
            if (info.type !== 'date') return info.originNode;
            const night = day.isSame(month, 'month') ? byDate.get(day.format('YYYY-MM-DD')) : undefined;
            const classes = ['schedule-calendar-cell'];
            if (!day.isSame(month, 'month')) classes.push('is-outside');
            if (day.isSame(today, 'day')) classes.push('is-today');
            const label = night && nightLabel(night);
            return (
              <div className={classes.join(' ')} data-date={day.format('YYYY-MM-DD')}>
                <div className="schedule-calendar-day">{day.format('DD')}</div>
                {night && label && (
                  <Tooltip title={label.detail}>
                    <div className="schedule-calendar-night">
                      <Tag color={label.colour} className="schedule-calendar-tag">
                        {label.text}
                      </Tag>
                      {night.schedule !== null && (
                        <Typography.Text type="secondary" className="schedule-calendar-detail">
                          {night.exception ? night.exception_name : night.schedule_name}
                        </Typography.Text>
                      )}
                    </div>
                  </Tooltip>
                )}
              </div>
            );
          }}
        />
      </Spin>
    </section>
  );
}
