import { DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import {
  DEVICE_KEY_MESSAGES,
  DEVICE_KEYS_CSV,
  deviceKeysCsv,
  type IssuedDeviceKey,
} from '@rms/contracts/inventory';
import type { FileRecord } from '@rms/contracts/uploads';
import { saveFile } from '../lib/browser';
import { todayIso } from '../lib/clock';
import { formatDateTimeAmPm } from '../lib/format';

// Device keys for the flashing step (docs/device-keys.md): the server answers new keys once and keeps
// only their hashes, so the console hands them over as one CSV download, device-keys-<date>.csv with the
// columns RMS ID and Device Key, and then forgets them.

/** Saves the keys as device-keys-<today>.csv (the deployment's day) and answers the file's name. */
export function downloadDeviceKeys(keys: readonly IssuedDeviceKey[]): string {
  const name = DEVICE_KEYS_CSV.fileName(todayIso());
  saveFile(name, deviceKeysCsv(keys), 'text/csv;charset=utf-8');
  return name;
}

export interface NewDeviceKeys {
  keys: IssuedDeviceKey[];
  /** The sheet they came from: who uploaded it and when. */
  file?: FileRecord | undefined;
}

/**
 * After an RMS sheet is saved: its new devices' keys, offered once as a download. Closing without it
 * asks first, since the keys cannot be shown again (new ones can be issued from the RMS list).
 */
export function DeviceKeysModal({ issued, onClose }: { issued: NewDeviceKeys | null; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const count = issued?.keys.length ?? 0;
  const download = () => {
    if (!issued) return;
    void message.success(DEVICE_KEY_MESSAGES.downloaded(downloadDeviceKeys(issued.keys)));
    onClose();
  };
  const closeWithout = () =>
    void modal.confirm({
      title: 'Close without downloading the device keys?',
      content:
        'The keys cannot be shown again. The devices would need new keys, issued from the RMS list, before they can be flashed.',
      okText: 'Close',
      cancelText: 'Back',
      onOk: onClose,
    });
  return (
    <Modal
      open={issued !== null}
      title={`Device keys for ${count} new RMS device${count === 1 ? '' : 's'}`}
      width={700}
      onCancel={closeWithout}
      mask={{ closable: false }}
      footer={[
        <Button key="later" onClick={closeWithout}>
          Close
        </Button>,
        <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={download}>
          Download {DEVICE_KEYS_CSV.fileName(todayIso())}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          showIcon
          title="Download the keys now: they are shown only in this download."
          description="Each device signs in with its RMS ID and its key. Only a hash of each key is kept, so a lost key cannot be shown again; flash every device with its key from the file."
        />
        {issued?.file?.uploaded_by && (
          <Typography.Text type="secondary">
            Sheet uploaded by {issued.file.uploaded_by.name} on{' '}
            {formatDateTimeAmPm(issued.file.uploaded_at ?? issued.file.requested_at)}
          </Typography.Text>
        )}
      </Flex>
    </Modal>
  );
}
