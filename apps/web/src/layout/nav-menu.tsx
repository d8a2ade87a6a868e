import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  BankOutlined,
  BulbOutlined,
  ScheduleOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  LogoutOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { AccessHolder } from '@rms/contracts/permissions';
import type { MenuGroup } from '@rms/contracts/routes';
import { Menu, type MenuProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { logout } from '../auth/logout';
import { sectionOf, visibleMenu, type MenuSection } from './menu-model';

const GROUP_ICONS: Record<MenuGroup, ReactNode> = {
  Dashboard: <DashboardOutlined />,
  Organizations: <BankOutlined />,
  Employees: <TeamOutlined />,
  Inventory: <DatabaseOutlined />,
  Assignment: <ApartmentOutlined />,
  Devices: <BulbOutlined />,
  Lighting: <ScheduleOutlined />,
  Monitoring: <AlertOutlined />,
  Integrations: <ApiOutlined />,
  Settings: <SettingOutlined />,
};

type MenuItem = NonNullable<MenuProps['items']>[number];

/** A group with a single visible entry is shown as that entry: a sub-menu of one is a needless click. */
function toItems(sections: readonly MenuSection[]): MenuItem[] {
  return sections.map(({ group, entries }): MenuItem => {
    const [only] = entries;
    if (entries.length === 1 && only) return { key: only.path, icon: GROUP_ICONS[group], label: only.label };
    return {
      key: `group:${group}`,
      icon: GROUP_ICONS[group],
      label: group,
      children: entries.map((e) => ({ key: e.path, label: e.label })),
    };
  });
}

/** Spec 01 §2: the side menu ends with Log Out, the same sign-out as the header's user menu. */
const LOGOUT_KEY = 'logout';
const LOGOUT_ITEMS: MenuItem[] = [
  { type: 'divider' },
  { key: LOGOUT_KEY, icon: <LogoutOutlined />, label: 'Log Out', danger: true },
];

interface NavMenuProps {
  holder: AccessHolder | null;
  registeredPaths: ReadonlySet<string>;
  /** Called after an entry was chosen (the shell folds the menu away on small screens). */
  onNavigate?: () => void;
}

export function NavMenu({ holder, registeredPaths, onNavigate }: NavMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const sections = useMemo(() => visibleMenu(holder, registeredPaths), [holder, registeredPaths]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => {
    const group = sectionOf(sections, current);
    return group ? [`group:${group}`] : [];
  });

  return (
    <Menu
      mode="inline"
      aria-label="Main menu"
      items={[...toItems(sections), ...LOGOUT_ITEMS]}
      selectedKeys={[current]}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      onClick={({ key }) => {
        if (key === LOGOUT_KEY) {
          void logout();
          return;
        }
        void navigate(key);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
