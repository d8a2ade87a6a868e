import { App, ConfigProvider } from 'antd';
import { useTheme } from '../../lib/theme';
import { ForgotPasswordModal } from './forgot-password-modal';

// The reset dialog as the sign-in page loads it (React.lazy, on the Forgot password click): antd
// arrives with it, so it brings the theme and the message API it needs, whether the console's
// providers are around it or not (the standalone sign-in page has none).
export default function ForgotPasswordDialog(props: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  return (
    <ConfigProvider theme={theme}>
      <App>
        <ForgotPasswordModal {...props} />
      </App>
    </ConfigProvider>
  );
}
