import { PAGE_NOT_FOUND } from '@rms/contracts/messages';
import { Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={PAGE_NOT_FOUND.title}
      subTitle={PAGE_NOT_FOUND.text}
      extra={<Link to="/">Go to Home</Link>}
    />
  );
}
