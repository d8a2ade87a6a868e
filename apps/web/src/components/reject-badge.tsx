import { WarningFilled } from '@ant-design/icons';
import { Alert, Tooltip } from 'antd';
import type { RejectSummary } from '@rms/contracts/telemetry';
import { rejectDetails, rejectHeadline } from '../lib/rejects';

// A device's refused messages on its screens: a warning badge with a tooltip in a list row (RMS
// inventory), and a warning banner on /analysis. Nothing shows for a device never refused.

export function RejectBadge({ rejects }: { rejects: RejectSummary | undefined }) {
  if (!rejects) return null;
  const headline = rejectHeadline(rejects);
  return (
    <Tooltip title={headline}>
      <WarningFilled
        role="img"
        aria-label={headline}
        data-testid="reject-badge"
        style={{ color: 'var(--ant-color-warning, #faad14)', marginInlineStart: 6 }}
      />
    </Tooltip>
  );
}

export function RejectAlert({ rejects }: { rejects: RejectSummary | undefined }) {
  if (!rejects) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="reject-alert"
      title={rejectHeadline(rejects)}
      description={rejectDetails(rejects)}
    />
  );
}
