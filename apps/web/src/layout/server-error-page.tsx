import { MESSAGES } from '@rms/contracts/messages';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router';

/** React Router's errorElement: a screen that threw while rendering (spec 01 §2, the 500 page). */
export function ServerErrorPage() {
  const error = useRouteError();
  const navigate = useNavigate();

  useEffect(() => {
    // Keep the cause visible to whoever opens the browser console; the user only sees the apology.
    console.error(error);
  }, [error]);

  return (
    <Result
      status="500"
      title={MESSAGES.somethingWrong}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          Back Home
        </Button>
      }
    />
  );
}
