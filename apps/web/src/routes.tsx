import type { Access } from '@rms/contracts/permissions';
import { PAGE_NOT_FOUND } from '@rms/contracts/messages';
import { CONSOLE_ROUTES, type ConsolePath } from '@rms/contracts/routes';
import {
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RequireAccess } from './auth/require-access';
import { RequireAuth } from './auth/require-auth';
import { useSession } from './auth/use-session';
import { PageSpinner } from './components/page-spinner';
import { PRODUCT_NAME } from './lib/branding';
import { NotFoundPage } from './layout/not-found-page';
import { ServerErrorPage } from './layout/server-error-page';

// Each screen is its own chunk, so the sign-in page does not download the whole console.
type Page = LazyExoticComponent<ComponentType>;

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Page {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const AppShell = lazy(() => import('./layout/app-shell').then((m) => ({ default: m.AppShell })));

/** The screens this build has; only they appear in the menu. */
const PAGES: Partial<Record<ConsolePath, Page>> = {
  '/login': page(
    () => import('./features/session/login-page'),
    (m) => m.LoginPage,
  ),
  '/ourpolicy': page(
    () => import('./features/session/policy-page'),
    (m) => m.PolicyPage,
  ),
  '/': page(
    () => import('./features/dashboard/dashboard-page'),
    (m) => m.DashboardPage,
  ),
  '/analysis': page(
    () => import('./features/monitoring/analysis-page'),
    (m) => m.AnalysisPage,
  ),
  '/alarms-view': page(
    () => import('./features/monitoring/alarms-view-page'),
    (m) => m.AlarmsViewPage,
  ),
  '/work-orders': page(
    () => import('./features/work-orders/work-orders-page'),
    (m) => m.WorkOrdersPage,
  ),
  '/work-orders-report': page(
    () => import('./features/work-orders/work-order-report-page'),
    (m) => m.WorkOrderReportPage,
  ),
  '/alarm-rules': page(
    () => import('./features/alarm-rules/alarm-rules-page'),
    (m) => m.AlarmRulesPage,
  ),
  '/device-groups': page(
    () => import('./features/device-groups/device-groups-page'),
    (m) => m.DeviceGroupsPage,
  ),
  '/dimming-profiles': page(
    () => import('./features/dimming-profiles/dimming-profiles-page'),
    (m) => m.DimmingProfilesPage,
  ),
  '/lighting-schedules': page(
    () => import('./features/lighting-schedules/lighting-schedules-page'),
    (m) => m.LightingSchedulesPage,
  ),
  '/energy-reports': page(
    () => import('./features/energy-reports/energy-report-page'),
    (m) => m.EnergyReportPage,
  ),
  '/company-view': page(
    () => import('./features/organizations/organizations-page'),
    (m) => m.OrganizationsPage,
  ),
  '/client-details': page(
    () => import('./features/organizations/client-details-page'),
    (m) => m.ClientDetailsPage,
  ),
  '/company-registration': page(
    () => import('./features/organizations/organization-form-page'),
    (m) => m.OrganizationFormPage,
  ),
  '/existing-company-registration': page(
    () => import('./features/organizations/existing-organization-page'),
    (m) => m.ExistingOrganizationPage,
  ),
  '/confirm-organization/:token': page(
    () => import('./features/session/confirm-organization-page'),
    (m) => m.ConfirmOrganizationPage,
  ),
  '/password-reset/:token': page(
    () => import('./features/session/password-reset-page'),
    (m) => m.PasswordResetPage,
  ),
  '/manage-profile': page(
    () => import('./features/session/profile-page'),
    (m) => m.ProfilePage,
  ),
  '/user-registration': page(
    () => import('./features/employees/user-registration-page'),
    (m) => m.UserRegistrationPage,
  ),
  '/view-user': page(
    () => import('./features/employees/employees-page'),
    (m) => m.EmployeesPage,
  ),
  '/admin/state': page(
    () => import('./features/master-data/state-page'),
    (m) => m.StatePage,
  ),
  '/admin/city': page(
    () => import('./features/master-data/city-page'),
    (m) => m.CityPage,
  ),
  '/gst-settings': page(
    () => import('./features/master-data/gst-page'),
    (m) => m.GstPage,
  ),
  '/hsn-settings': page(
    () => import('./features/master-data/hsn-page'),
    (m) => m.HsnPage,
  ),
  '/dropdown-settings': page(
    () => import('./features/master-data/dropdown-settings-page'),
    (m) => m.DropdownSettingsPage,
  ),
  '/add-msison-mapping': page(
    () => import('./features/msisdn/msisdn-form-page'),
    (m) => m.MsisdnFormPage,
  ),
  '/view-msison-mapping': page(
    () => import('./features/msisdn/msisdn-page'),
    (m) => m.MsisdnPage,
  ),
  '/device-activation': page(
    () => import('./features/activations/activation-form-page'),
    (m) => m.ActivationFormPage,
  ),
  '/view-activation': page(
    () => import('./features/activations/activations-page'),
    (m) => m.ActivationsPage,
  ),
  '/create-rms-device-id': page(
    () => import('./features/inventory/inventory-form-page'),
    (m) => m.RmsFormPage,
  ),
  '/view-rms-device-id': page(
    () => import('./features/inventory/inventory-list-page'),
    (m) => m.RmsListPage,
  ),
  '/create-stltid': page(
    () => import('./features/inventory/inventory-form-page'),
    (m) => m.StltFormPage,
  ),
  '/view-stltid': page(
    () => import('./features/inventory/inventory-list-page'),
    (m) => m.StltListPage,
  ),
  '/create-poleid': page(
    () => import('./features/inventory/inventory-form-page'),
    (m) => m.PoleFormPage,
  ),
  '/view-poleid': page(
    () => import('./features/inventory/inventory-list-page'),
    (m) => m.PoleListPage,
  ),
  '/assign-rms': page(
    () => import('./features/assignments/assign-page'),
    (m) => m.AssignRmsPage,
  ),
  '/assign-stlt': page(
    () => import('./features/assignments/assign-page'),
    (m) => m.AssignStltPage,
  ),
  '/assign-pole': page(
    () => import('./features/assignments/assign-page'),
    (m) => m.AssignPolePage,
  ),
  '/parameter-setting': page(
    () => import('./features/parameters/parameter-setting-page'),
    (m) => m.ParameterSettingPage,
  ),
  '/add-inspection-parameter': page(
    () => import('./features/parameters/bulk-parameter-page'),
    (m) => m.BulkParameterPage,
  ),
  '/add-inspection': page(
    () => import('./features/inspections/add-inspection-page'),
    (m) => m.AddInspectionPage,
  ),
  '/view-inspection': page(
    () => import('./features/inspections/inspection-history-page'),
    (m) => m.InspectionHistoryPage,
  ),
  '/device-report': page(
    () => import('./features/monitoring/device-report-page'),
    (m) => m.DeviceReportPage,
  ),
  '/graph-view': page(
    () => import('./features/monitoring/graph-view-page'),
    (m) => m.GraphViewPage,
  ),
  '/map-view': page(
    () => import('./features/monitoring/map-view-page'),
    (m) => m.MapViewPage,
  ),
  '/api-keys': page(
    () => import('./features/api-keys/api-keys-page'),
    (m) => m.ApiKeysPage,
  ),
  '/audit-log': page(
    () => import('./features/audit-log/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  '/webhooks': page(
    () => import('./features/notifications/webhooks-page'),
    (m) => m.WebhooksPage,
  ),
  '/notification-settings': page(
    () => import('./features/notifications/notification-settings-page'),
    (m) => m.NotificationSettingsPage,
  ),
};

export const REGISTERED_PATHS: ReadonlySet<string> = new Set(Object.keys(PAGES));

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return children;
}

function routeOf(path: string, title: string, Page: Page | undefined, access?: Access): RouteObject {
  const content = Page ? (
    <Titled title={title}>
      <Page />
    </Titled>
  ) : (
    <Titled title={PAGE_NOT_FOUND.title}>
      <NotFoundPage />
    </Titled>
  );
  return { path, element: access ? <RequireAccess access={access}>{content}</RequireAccess> : content };
}

/** Unknown paths: inside the console frame when signed in, on their own otherwise. */
function NotFoundRoute() {
  const session = useSession();
  const content = (
    <Titled title={PAGE_NOT_FOUND.title}>
      <NotFoundPage />
    </Titled>
  );
  return session ? <AppShell registeredPaths={REGISTERED_PATHS}>{content}</AppShell> : content;
}

export function buildRoutes(): RouteObject[] {
  const publicRoutes = CONSOLE_ROUTES.filter((route) => route.access.kind === 'public');
  // Every signed-in route of the table is guarded, built or not: a screen still to come answers 404
  // to those allowed to see it and 403 to the others, as it will once it lands.
  const protectedRoutes = CONSOLE_ROUTES.filter((route) => route.access.kind !== 'public');

  return [
    {
      errorElement: <ServerErrorPage />,
      element: (
        <Suspense fallback={<PageSpinner fullScreen />}>
          <Outlet />
        </Suspense>
      ),
      children: [
        ...publicRoutes.flatMap((route) => {
          const Page = PAGES[route.path];
          return Page ? [routeOf(route.path, route.title, Page)] : [];
        }),
        {
          element: (
            <RequireAuth>
              <AppShell registeredPaths={REGISTERED_PATHS} />
            </RequireAuth>
          ),
          children: [
            {
              // Keeps the frame (menu, header) around a screen that crashed.
              errorElement: <ServerErrorPage />,
              children: protectedRoutes.map((route) =>
                routeOf(route.path, route.title, PAGES[route.path], route.access),
              ),
            },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}
