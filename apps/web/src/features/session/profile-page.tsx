import { EditOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@rms/contracts/session';
import { Avatar, Button, Card, Descriptions, Flex, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../auth/use-session';
import { dash } from '../../lib/format';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';

const PASSWORD_TAB = 'change-password';

function fullName(user: SessionUser): string {
  return [user.first_name, user.middle_name, user.last_name].filter(Boolean).join(' ');
}

function ProfileView({ user, onEdit }: { user: SessionUser; onEdit: () => void }) {
  return (
    <Flex gap={24} wrap align="flex-start">
      <Avatar size={112} src={user.photo_url ?? undefined} icon={<UserOutlined />} alt="Profile photo" />
      <Flex vertical gap={16} style={{ flex: '1 1 320px' }}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label="Name">{dash(fullName(user))}</Descriptions.Item>
          <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
          <Descriptions.Item label="Mobile">{dash(user.mobile)}</Descriptions.Item>
          <Descriptions.Item label="Organization">
            {dash(user.organization_data.company_name)}
          </Descriptions.Item>
        </Descriptions>
        <div>
          <Button type="primary" icon={<EditOutlined />} onClick={onEdit}>
            Edit Profile
          </Button>
        </div>
      </Flex>
    </Flex>
  );
}

/** /manage-profile: the profile (view and edit mode) and Change Password (?tab=change-password). */
export function ProfilePage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  if (!session) return null;
  const tab = params.get('tab') === PASSWORD_TAB ? PASSWORD_TAB : 'profile';

  return (
    <Card>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        Manage Profile
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === PASSWORD_TAB ? { tab: key } : {}, { replace: true })}
        items={[
          {
            key: 'profile',
            label: 'Profile',
            children: editing ? (
              <ProfileForm user={session.user} onDone={() => setEditing(false)} />
            ) : (
              <ProfileView user={session.user} onEdit={() => setEditing(true)} />
            ),
          },
          { key: PASSWORD_TAB, label: 'Change Password', children: <ChangePasswordForm /> },
        ]}
      />
    </Card>
  );
}
