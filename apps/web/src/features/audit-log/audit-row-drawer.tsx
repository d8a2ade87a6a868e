import { Descriptions, Drawer, Tag, Typography } from 'antd';
import type { AuditRow } from '@rms/contracts/audit-log';
import { dash, formatDateTime } from '../../lib/format';
import { summaryOf } from './actions';
import { ActorCell, OutcomeTag } from './audit-cells';

/** One audit row in full: who, what, which record, when, from where, and the fields the body carried. */
export function AuditRowDrawer({ row, onClose }: { row: AuditRow | null; onClose: () => void }) {
  return (
    <Drawer open={row !== null} onClose={onClose} title="Audit entry" size="large" destroyOnHidden>
      {row && (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 160 } }}>
          <Descriptions.Item label="When">{formatDateTime(row.created_at)}</Descriptions.Item>
          <Descriptions.Item label="Actor">
            <ActorCell row={row} />
          </Descriptions.Item>
          <Descriptions.Item label="User ID">{dash(row.user)}</Descriptions.Item>
          <Descriptions.Item label="API key ID">{dash(row.api_key)}</Descriptions.Item>
          <Descriptions.Item label="Organization">{dash(row.organization_name)}</Descriptions.Item>
          <Descriptions.Item label="Area / action">
            {row.area} / {row.action} {row.change && <Tag>{row.change}</Tag>}
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {summaryOf(row.area, row.action)}
            </Typography.Paragraph>
          </Descriptions.Item>
          <Descriptions.Item label="Request">
            <Typography.Text code>
              {row.method} {row.route}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="Record ID">{dash(row.record_id)}</Descriptions.Item>
          <Descriptions.Item label="Records">{dash(row.record_count)}</Descriptions.Item>
          <Descriptions.Item label="Fields sent">
            {row.fields.length ? row.fields.map((f) => <Tag key={f}>{f}</Tag>) : dash(null)}
          </Descriptions.Item>
          <Descriptions.Item label="Outcome">
            <OutcomeTag status={row.status} />
          </Descriptions.Item>
          <Descriptions.Item label="IP address">{row.ip}</Descriptions.Item>
          <Descriptions.Item label="User agent">{dash(row.user_agent)}</Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
