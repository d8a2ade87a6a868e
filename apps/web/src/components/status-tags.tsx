import { Tag } from 'antd';
import { COMMAND_STATUS_LABELS, type CommandStatus } from '@rms/contracts/commands';
import { statusColour } from '../lib/device-status-colours';
import { EMPTY } from '../lib/format';

// Tags for device status (On Error / Online / Offline / '--'), alarm status and a command's progress.

/** A device's state in the colour the map and the legend give it (lib/device-status-colours). */
export function DeviceStatusTag({ status }: { status: string | null | undefined }) {
  if (!status) return <Tag>{EMPTY}</Tag>;
  return <Tag color={statusColour(status).tag}>{status}</Tag>;
}

export function AlarmStatusTag({ status }: { status: 'Resolved' | 'Unresolved' }) {
  return <Tag color={status === 'Resolved' ? 'green' : 'red'}>{status}</Tag>;
}

const COMMAND_COLORS: Record<CommandStatus, string> = {
  pending: 'gold',
  sent: 'blue',
  acknowledged: 'green',
  failed: 'red',
  timed_out: 'volcano',
};

export function CommandStatusTag({ status }: { status: CommandStatus }) {
  return <Tag color={COMMAND_COLORS[status]}>{`Command ${COMMAND_STATUS_LABELS[status]}`}</Tag>;
}
