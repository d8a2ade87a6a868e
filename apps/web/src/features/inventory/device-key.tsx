import { KeyOutlined } from '@ant-design/icons';
import { App, Button, Card, Popconfirm, Tooltip, Typography } from 'antd';
import { DEVICE_KEY_LIMITS, DEVICE_KEY_MESSAGES } from '@rms/contracts/inventory';
import { downloadDeviceKeys } from '../../components/device-keys-download';
import { useIssueDeviceKeys, useRotateDeviceKey } from './api';

// The device key of an RMS device (docs/device-keys.md): shown once when made,
// remade from the edit screen, or issued for a selection of the list as one CSV for the flashing step.

/** The key with a copy button and the warning that it is shown only now. */
export function DeviceKeyNotice({ code, deviceKey }: { code: string; deviceKey: string }) {
  return (
    <>
      <Typography.Paragraph>{DEVICE_KEY_MESSAGES.shownOnce}</Typography.Paragraph>
      <Typography.Paragraph>
        RMS ID: <Typography.Text strong>{code}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph copyable={{ text: deviceKey }} code data-testid="device-key">
        {deviceKey}
      </Typography.Paragraph>
    </>
  );
}

/** Edit screen: make a new key (after confirmation) and show it once. */
export function DeviceKeyCard({ id, code }: { id: number; code: string }) {
  const { modal } = App.useApp();
  const rotate = useRotateDeviceKey();
  const remake = () =>
    rotate.mutate(id, {
      onSuccess: (res) =>
        void modal.success({
          title: res.detail,
          width: 560,
          content: <DeviceKeyNotice code={code} deviceKey={res.device_key} />,
        }),
    });
  return (
    <Card size="small" title="Device key" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        The device signs in to the MQTT broker with its RMS ID and its key. Only a hash of the key is kept, so
        a lost key cannot be shown again: make a new one.
      </Typography.Paragraph>
      <Popconfirm title={DEVICE_KEY_MESSAGES.rotateConfirm} okText="Yes" cancelText="No" onConfirm={remake}>
        <Button loading={rotate.isPending}>Create new key</Button>
      </Popconfirm>
    </Card>
  );
}

/**
 * RMS list: new keys for the selected devices, after a warning that their current keys stop working;
 * they are downloaded once as device-keys-<date>.csv and not kept in the page.
 */
export function IssueDeviceKeysButton({ devices, onIssued }: { devices: number[]; onIssued: () => void }) {
  const { message } = App.useApp();
  const issue = useIssueDeviceKeys();
  const tooMany = devices.length > DEVICE_KEY_LIMITS.maxDevices;
  const issueKeys = () =>
    issue
      .mutateAsync(devices)
      .then((res) => {
        const file = downloadDeviceKeys(res.keys);
        // The download is the keys' only copy: the mutation's cached answer goes too.
        issue.reset();
        void message.success(`${res.detail} ${DEVICE_KEY_MESSAGES.downloaded(file)}`, 8);
        onIssued();
      })
      // The error is shown by the query client; the selection stays for another try.
      .catch(() => undefined);
  const button = (
    <Button icon={<KeyOutlined />} disabled={!devices.length || tooMany} loading={issue.isPending}>
      Issue device keys{devices.length ? ` (${devices.length})` : ''}
    </Button>
  );
  if (!devices.length || tooMany)
    return (
      <Tooltip title={tooMany ? DEVICE_KEY_MESSAGES.tooMany : 'Select the RMS IDs to issue keys for'}>
        <span>{button}</span>
      </Tooltip>
    );
  return (
    <Popconfirm
      title="Issue device keys"
      // A narrow block, so that the warning wraps beside the button on a small window too.
      description={<div style={{ maxWidth: 340 }}>{DEVICE_KEY_MESSAGES.issueConfirm(devices.length)}</div>}
      okText="Issue and download"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      onConfirm={issueKeys}
    >
      {button}
    </Popconfirm>
  );
}
