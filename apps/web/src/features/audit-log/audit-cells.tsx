import { Space, Tag, Typography } from 'antd';
import type { AuditRow } from '@rms/contracts/audit-log';
import { dash } from '../../lib/format';

/** Who acted: the e-mail, or the key's name marked as a key, or what a failed sign-in tried. */
export function ActorCell({ row }: { row: AuditRow }) {
  if (row.actor_kind === 'api_key')
    return (
      <Space size={4}>
        <Tag color="purple">API key</Tag>
        <Typography.Text>{dash(row.actor)}</Typography.Text>
      </Space>
    );
  if (row.actor_kind === 'anonymous')
    return (
      <Space size={4}>
        <Tag>Not signed in</Tag>
        <Typography.Text type="secondary">{dash(row.actor)}</Typography.Text>
      </Space>
    );
  return <Typography.Text>{dash(row.actor)}</Typography.Text>;
}

/** The HTTP status, green for a success and red for a refusal (a failed sign-in). */
export function OutcomeTag({ status }: { status: number }) {
  return <Tag color={status < 400 ? 'green' : 'red'}>{status}</Tag>;
}
