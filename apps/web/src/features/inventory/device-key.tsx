import { App, Button, Card, Popconfirm, Typography } from 'antd';
import { DEVICE_KEY_MESSAGES } from '@rms/contracts/inventory';
import { useRotateDeviceKey } from './api';

// The device key of an RMS device (DESIGN "Device link"): shown once when made, remade from the edit screen.

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
