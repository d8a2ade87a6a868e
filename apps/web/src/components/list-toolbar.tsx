import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Switch, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import type { useListParams } from '../lib/use-list-params';

interface ListToolbarProps {
  title: string;
  /** The search box's accessible name and placeholder. */
  searchLabel: string;
  searchPlaceholder: string;
  list: ReturnType<typeof useListParams>;
  /** The Add button, shown only when given (the caller checks the permission). */
  add?: { label: string; onClick: () => void };
  /** More buttons before Add (bulk upload's Sample Download and Upload Excel). */
  extra?: ReactNode;
  /** A list of soft-deletable rows: the "Show deleted" switch (kept in the URL by `list`). */
  deletedSwitch?: boolean;
}

/**
 * The head of every searchable list: title, search box with its Search button, the "Show deleted"
 * switch where rows can be restored, and the Add button.
 */
export function ListToolbar({
  title,
  searchLabel,
  searchPlaceholder,
  list,
  add,
  extra,
  deletedSwitch,
}: ListToolbarProps) {
  const switchId = useId();
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={8} wrap>
        <Input
          allowClear
          aria-label={searchLabel}
          placeholder={searchPlaceholder}
          value={list.text}
          onChange={(event) => list.setText(event.target.value)}
          onPressEnter={list.searchNow}
          style={{ width: 320, maxWidth: '100%' }}
        />
        <Button icon={<SearchOutlined />} onClick={list.searchNow}>
          Search
        </Button>
        {deletedSwitch && (
          <Flex align="center" gap={8}>
            <Switch id={switchId} checked={list.deleted} onChange={list.setDeleted} />
            <label htmlFor={switchId} style={{ whiteSpace: 'nowrap', cursor: 'pointer' }}>
              {RESTORE_MESSAGES.showDeleted}
            </label>
          </Flex>
        )}
        {extra}
        {add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
            {add.label}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
