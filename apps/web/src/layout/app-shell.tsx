import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, theme } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useLiveEvents } from '../api/live';
import { accessHolder } from '../auth/session-store';
import { useSession } from '../auth/use-session';
import { BrandLogo } from '../components/brand-logo';
import { PageSpinner } from '../components/page-spinner';
import { NotificationBell } from '../features/notifications/notification-bell';
import { PRODUCT_NAME } from '../lib/branding';
import { AppFooter } from './app-footer';
import { DeviceSearch } from './device-search';
import { LiveIndicator } from './live-indicator';
import { NavMenu } from './nav-menu';
import { UserMenu } from './user-menu';

const SIDER_WIDTH = 225; // spec 01 §2
const HEADER_HEIGHT = 64;

interface AppShellProps {
  /** Console paths that have a screen in this build; only they appear in the menu. */
  registeredPaths: ReadonlySet<string>;
  /** Content in place of the routed page (the not-found page of an unknown path). */
  children?: ReactNode;
}

/** The signed-in frame: side menu, header with the user menu, the page, footer. */
export function AppShell({ registeredPaths, children }: AppShellProps) {
  const session = useSession();
  const { token } = theme.useToken();
  // Below the md breakpoint (768 px) the menu folds away entirely and opens over a narrower page.
  const [narrow, setNarrow] = useState(false);
  const [collapsed, setCollapsed] = useState(false);
  // The one live channel of this tab, open while signed in.
  useLiveEvents();
  if (!session) return null; // RequireAuth has already redirected

  const organization = session.user.organization_data;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        theme="light"
        width={SIDER_WIDTH}
        collapsible
        collapsed={collapsed}
        collapsedWidth={narrow ? 0 : 80}
        breakpoint="md"
        onBreakpoint={(broken) => {
          setNarrow(broken);
          setCollapsed(broken);
        }}
        trigger={null}
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          position: 'sticky',
          top: 0,
          height: '100vh',
          overflow: 'auto',
        }}
      >
        <Link
          to="/"
          aria-label="Home"
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', height: HEADER_HEIGHT }}
        >
          <BrandLogo
            src={organization.company_logo_url}
            alt={organization.company_name || PRODUCT_NAME}
            style={{ maxHeight: 40, width: collapsed ? 56 : 180, padding: '0 8px' }}
          />
        </Link>
        <NavMenu
          holder={accessHolder(session)}
          registeredPaths={registeredPaths}
          onNavigate={() => narrow && setCollapsed(true)}
        />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
            padding: '0 16px 0 8px',
            height: HEADER_HEIGHT,
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <Button
              type="text"
              aria-label={collapsed ? 'Show menu' : 'Hide menu'}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              onClick={() => setCollapsed(!collapsed)}
            />
            <Flex align="center" gap={12} style={{ minWidth: 0 }}>
              <DeviceSearch width={narrow ? 180 : 280} />
              <LiveIndicator />
              <NotificationBell />
              <UserMenu user={session.user} />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: narrow ? 16 : 24 }}>
          {children ?? (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
        <AppFooter />
      </Layout>
    </Layout>
  );
}
