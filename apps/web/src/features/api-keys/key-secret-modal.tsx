import { Alert, Button, Modal, Typography } from 'antd';
import { API_KEY_MESSAGES } from '@rms/contracts/api-keys';

interface KeySecretModalProps {
  /** The new key's name and whole secret; null when there is none to show. */
  made: { name: string; key: string } | null;
  onClose: () => void;
}

/**
 * The one time a key's secret is seen: copy it, with the warning that it will not be shown again (the
 * server keeps only its hash). Closing forgets it: the page keeps no copy.
 */
export function KeySecretModal({ made, onClose }: KeySecretModalProps) {
  return (
    <Modal
      open={made !== null}
      title={`API key "${made?.name ?? ''}" created`}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          I have copied it
        </Button>
      }
      width={640}
    >
      <Alert type="warning" showIcon title={API_KEY_MESSAGES.showOnce} style={{ marginBottom: 16 }} />
      <Typography.Paragraph
        copyable={{ text: made?.key, tooltips: ['Copy key', 'Copied'] }}
        code
        data-testid="api-key-secret"
        style={{ wordBreak: 'break-all' }}
      >
        {made?.key}
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Send it with every request to the API as the header{' '}
        <Typography.Text code>Authorization: Bearer &lt;key&gt;</Typography.Text>. It acts for your
        organization with the permissions chosen, as long as you hold them too.
      </Typography.Paragraph>
    </Modal>
  );
}
