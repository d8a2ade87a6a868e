import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../auth/use-session';
import { BrandLogo } from '../../components/brand-logo';
import { safeNext } from '../../lib/safe-next';
import { AuthLayout } from './auth-layout';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginForm } from './login-form';
import { useBranding } from './use-branding';

/** /login/?next=…: sign in, then go to `next` (a same-origin path) or the dashboard. */
export function LoginPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const branding = useBranding();
  const [resetOpen, setResetOpen] = useState(false);

  // Also how a successful sign-in leaves this page: storing the session re-renders it signed in.
  if (session) return <Navigate to={safeNext(params.get('next'))} replace />;

  return (
    <AuthLayout>
      <Card style={{ width: '100%', maxWidth: 420 }} styles={{ body: { padding: '32px 32px 24px' } }}>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 24, textAlign: 'center' }}>
          <BrandLogo src={branding.logoUrl} alt={branding.name} style={{ height: 56, maxWidth: 240 }} />
          <Typography.Text type="secondary">{branding.tagline}</Typography.Text>
        </Flex>
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 20 }}>
          Sign in
        </Typography.Title>
        <LoginForm onForgotPassword={() => setResetOpen(true)} />
      </Card>
      <Typography.Text type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        <Link to="/ourpolicy">Our Policy</Link>
      </Typography.Text>
      <ForgotPasswordModal open={resetOpen} onClose={() => setResetOpen(false)} />
    </AuthLayout>
  );
}
