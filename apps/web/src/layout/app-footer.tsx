import { APP_VERSION } from '@rms/contracts/messages';
import { Layout, Typography } from 'antd';
import { PRODUCT_NAME } from '../lib/branding';
import { wallClock } from '../lib/clock';

export function AppFooter() {
  return (
    <Layout.Footer style={{ textAlign: 'center', padding: '16px 24px' }}>
      <Typography.Text type="secondary">
        © {wallClock().year()} {PRODUCT_NAME} · Version {APP_VERSION}
      </Typography.Text>
    </Layout.Footer>
  );
}
