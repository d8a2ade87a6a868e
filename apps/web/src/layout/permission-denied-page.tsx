import { PERMISSION_DENIED } from '@rms/contracts/messages';
import { Result } from 'antd';
import { Link } from 'react-router';

export function PermissionDeniedPage() {
  return (
    <Result
      status="403"
      title={PERMISSION_DENIED.title}
      subTitle={PERMISSION_DENIED.text}
      extra={<Link to="/">Go to Home</Link>}
    />
  );
}
