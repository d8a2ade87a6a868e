import { Badge, Tooltip } from 'antd';
import { useLiveStatus, type LiveStatus } from '../api/live';

// The live channel's state in the header: screens follow the devices while it is connected.

const LOOK: Record<
  Exclude<LiveStatus, 'off'>,
  { badge: 'success' | 'processing' | 'warning'; text: string; tip: string }
> = {
  connecting: { badge: 'processing', text: 'Connecting', tip: 'Opening live updates' },
  connected: { badge: 'success', text: 'Live', tip: 'Screens update as devices report' },
  reconnecting: {
    badge: 'warning',
    text: 'Reconnecting',
    tip: 'Live updates are interrupted; trying again',
  },
};

export function LiveIndicator() {
  const status = useLiveStatus();
  if (status === 'off') return null;
  const look = LOOK[status];
  return (
    <Tooltip title={look.tip}>
      <span role="status" aria-label={`Live updates: ${look.text}`} style={{ whiteSpace: 'nowrap' }}>
        <Badge status={look.badge} text={look.text} />
      </span>
    </Tooltip>
  );
}
