import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { BrandLogo } from '../../components/brand-logo';
import { AuthLayout } from './auth-layout';
import { confirmAdoption } from './session-api';
import { useBranding } from './use-branding';

/**
 * /confirm-organization/:token: the owner of an organization that another one asked to manage
 * ("Existing Organization") agrees here. It takes a click, not just opening the link, so that a mail
 * scanner that follows links cannot agree for them.
 */
export function ConfirmOrganizationPage() {
  const { token = '' } = useParams();
  const branding = useBranding();
  const confirm = useMutation({ mutationFn: () => confirmAdoption(token), meta: { silent: true } });
  const failure =
    confirm.error instanceof ApiError ? confirm.error.detail : confirm.error ? String(confirm.error) : null;

  return (
    <AuthLayout>
      <Card style={{ width: '100%', maxWidth: 460 }} styles={{ body: { padding: '32px 32px 24px' } }}>
        <Flex justify="center" style={{ marginBottom: 24 }}>
          <BrandLogo src={branding.logoUrl} alt={branding.name} style={{ height: 56, maxWidth: 240 }} />
        </Flex>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Confirm Organization
        </Typography.Title>
        {confirm.isSuccess ? (
          <Alert type="success" showIcon title={confirm.data.detail} style={{ marginBottom: 16 }} />
        ) : (
          <>
            <Typography.Paragraph>
              Another organization asked to manage yours in RMS Console. Once you agree, it sees and changes
              your organization&apos;s details, people and devices. If you do not know it, close this page:
              nothing changes.
            </Typography.Paragraph>
            {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
            <Button
              type="primary"
              block
              size="large"
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
            >
              I agree
            </Button>
          </>
        )}
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Link to="/login">Go to sign in</Link>
        </Flex>
      </Card>
    </AuthLayout>
  );
}
