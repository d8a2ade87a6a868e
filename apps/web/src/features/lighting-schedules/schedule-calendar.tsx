import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Calendar, Flex, Spin, Tag, Tooltip, Typography } from 'antd';
// en_GB's calendar locale names dayjs's en-gb, whose weeks start on Monday (antd's pickers take the
// first day of the week from the dayjs locale); importing en-gb registers it without making it global.
import enGB from 'antd/es/calendar/locale/en_GB';
import type { Dayjs } from 'dayjs';
import 'dayjs/locale/en-gb';
import { useMemo, useState } from 'react';
import type { CalendarNight } from '@rms/contracts/schedules';
import { wallClock } from '../../lib/clock';
import { calendarQuery } from './api';
import { CalendarDeviceSelect, type CalendarDevice } from './calendar-device-select';
import './schedule-calendar.css';

// A month of the schedule's group, or of one device under every schedule covering it
// (docs/lighting-schedules.md): each night's winning schedule and its profile, lights off, or an
// exception's, by the one rule the server plans with (`nightChoice`). Weeks run Monday to Sunday, as
// the schedule's weekday boxes do.

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

interface ScheduleCalendarProps {
  group: number;
  groupName: string;
  /** Whose devices the picker offers (the provider's people); undefined: the caller's organization. */
  organization: number | undefined;
  /** The device shown instead of the group; the drawer keeps it for the opening. */
  device: CalendarDevice | undefined;
  onDeviceChange: (device: CalendarDevice | undefined) => void;
}

export function ScheduleCalendar({
  group,
  groupName,
  organization,
  device,
  onDeviceChange,
}: ScheduleCalendarProps) {
  const [today] = useState<Dayjs>(() => wallClock());
  const [month, setMonth] = useState<Dayjs>(() => today.startOf('month'));
  const key = month.format('YYYY-MM');
  const { data, isFetching, isError, isPlaceholderData } = useQuery(
    calendarQuery(device ? { device: device.id } : { group }, key),
  );
  // The answer kept from another month, group or device is not drawn while the asked one loads.
  const current = isPlaceholderData ? undefined : data;
  const byDate = useMemo(() => new Map((current?.nights ?? []).map((n) => [n.date, n])), [current]);
  const uncovered =
    device !== undefined && current !== undefined && current.nights.every((n) => n.schedule === null);

  return (
    <section aria-label="Calendar">
      <Flex wrap gap={12} align="center" style={{ marginBottom: 12 }}>
        <CalendarDeviceSelect organization={organization} value={device} onChange={onDeviceChange} />
        <Typography.Text type="secondary" style={{ flex: '1 1 280px' }}>
          {device ? (
            <>
              Each night of the month for the device <strong>{device.rmsId}</strong>: the profile it runs and
              the schedule that wins it among every schedule covering it.
            </>
          ) : (
            <>
              Each night of the month for the group <strong>{groupName}</strong>: the profile that runs and
              the schedule that wins it.
            </>
          )}{' '}
          Gold: an exception; red: lights off.
        </Typography.Text>
      </Flex>
      {isError && (
        <Alert
          type="warning"
          showIcon
          message="The calendar could not be loaded"
          style={{ marginBottom: 12 }}
        />
      )}
      {uncovered && (
        <Alert
          type="info"
          showIcon
          message={`No schedule covers ${device.rmsId} in ${month.format('MMMM YYYY')}`}
          description="It keeps its own parameters every night. Add its group to a schedule to plan its nights."
          style={{ marginBottom: 12 }}
        />
      )}
      <Spin spinning={isFetching}>
        <Calendar
          className="schedule-calendar"
          locale={enGB}
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
                          {night.schedule_name}
                        </Typography.Text>
                      )}
                      {night.exception && (
                        <Typography.Text type="warning" className="schedule-calendar-detail">
                          {night.exception_name}
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
