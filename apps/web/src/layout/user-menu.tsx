import { BellOutlined, DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { SessionUser } from '@rms/contracts/session';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { logout } from '../auth/logout';

export function displayName(user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ').trim() || user.email;
}

const ITEMS: MenuProps['items'] = [
  { key: 'profile', icon: <UserOutlined />, label: 'Manage Profile' },
  { key: 'password', icon: <KeyOutlined />, label: 'Change Password' },
  { key: 'notifications', icon: <BellOutlined />, label: 'Notification Settings' },
  { type: 'divider' },
  { key: 'logout', icon: <LogoutOutlined />, label: 'Log Out', danger: true },
];

/** The header's user menu (spec 01 §2): profile, password, notification settings and sign-out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const name = displayName(user);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/manage-profile');
    else if (key === 'password') void navigate('/manage-profile?tab=change-password');
    else if (key === 'notifications') void navigate('/notification-settings');
    else if (key === 'logout') void logout();
  };

  return (
    <Dropdown menu={{ items: ITEMS, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="user-menu" aria-label={`User menu of ${name}`} style={{ height: 48 }}>
        <Avatar size="small" src={user.photo_url ?? undefined} alt="" style={{ backgroundColor: '#1677ff' }}>
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <span style={{ maxWidth: 200, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
