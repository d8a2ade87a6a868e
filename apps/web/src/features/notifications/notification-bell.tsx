import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { NOTIFICATION_KIND_LABELS, type NotificationRow } from '@rms/contracts/notifications';
import { pageOf } from '@rms/contracts/common';
import { Alert, Badge, Button, Card, Dropdown, Empty, Flex, List, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SeverityTag } from '../../components/alarm-severity';
import { formatDateTimeAmPm } from '../../lib/format';
import { bellQuery, unreadQuery, useMarkAllRead, useMarkRead } from './api';

// The header's bell: the unread count (kept current by the live channel's `notification` messages,
// api/live.ts), and a dropdown of the newest notifications; opening one marks it read and opens its
// alarm in the alarms view.

const PANEL_WIDTH = 380;

function Item({ row, onOpen }: { row: NotificationRow; onOpen: (row: NotificationRow) => void }) {
  const { token } = theme.useToken();
  const unread = row.read_at === null;
  return (
    <List.Item
      style={{
        cursor: 'pointer',
        padding: '8px 12px',
        background: unread ? token.colorPrimaryBg : undefined,
      }}
      onClick={() => onOpen(row)}
      aria-label={`${unread ? 'Unread: ' : ''}${row.title}`}
    >
      <Flex vertical gap={2} style={{ width: '100%', minWidth: 0 }}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong={unread} type={unread ? undefined : 'secondary'}>
            {NOTIFICATION_KIND_LABELS[row.kind]}
          </Typography.Text>
          <SeverityTag severity={row.severity} />
        </Flex>
        <Typography.Text ellipsis={{ tooltip: row.title }}>{row.title}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatDateTimeAmPm(row.created_at)}
        </Typography.Text>
      </Flex>
    </List.Item>
  );
}

function Panel({ close }: { close: () => void }) {
  const navigate = useNavigate();
  const list = useQuery({ ...bellQuery(), select: pageOf });
  const unread = useQuery(unreadQuery()).data?.unread ?? 0;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const open = (row: NotificationRow) => {
    if (row.read_at === null) markRead.mutate(row.id);
    close();
    void navigate(`/alarms-view?alarm=${row.alarm}`);
  };
  return (
    <Card
      size="small"
      style={{ width: PANEL_WIDTH, maxWidth: 'calc(100vw - 16px)' }}
      styles={{ body: { padding: 0, maxHeight: 420, overflow: 'auto' } }}
      title="Notifications"
      extra={
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all read
        </Button>
      }
      actions={[
        <Link key="settings" to="/notification-settings" onClick={close}>
          <SettingOutlined /> Notification settings
        </Link>,
      ]}
    >
      {list.isError ? (
        <Alert type="error" title="Notifications could not be loaded" style={{ margin: 12 }} />
      ) : list.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : list.data.results.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="No notifications yet"
          style={{ padding: 16 }}
        />
      ) : (
        <List
          dataSource={list.data.results}
          rowKey="id"
          renderItem={(row) => <Item row={row} onOpen={open} />}
        />
      )}
    </Card>
  );
}

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useQuery(unreadQuery()).data?.unread ?? 0;
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => <Panel close={() => setOpen(false)} />}
    >
      <Button
        type="text"
        data-testid="notification-bell"
        aria-label={unread > 0 ? `Notifications: ${unread} unread` : 'Notifications'}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Dropdown>
  );
}
