import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ACTIVATION_MESSAGES } from '@rms/contracts/activations';
import { EMPLOYEE_MESSAGES } from '@rms/contracts/employees';
import { INVENTORY } from '@rms/contracts/inventory';
import { MSISDN_MESSAGES } from '@rms/contracts/msisdn';
import { ORGANIZATION_MESSAGES } from '@rms/contracts/organizations';
import { RESTORE_MESSAGES } from '@rms/contracts/soft-delete';
import { ActivationsPage } from '../features/activations/activations-page';
import { EmployeesPage } from '../features/employees/employees-page';
import { InventoryListPage } from '../features/inventory/inventory-list-page';
import { MsisdnPage } from '../features/msisdn/msisdn-page';
import { OrganizationsPage } from '../features/organizations/organizations-page';
import { stubApi, type FakeAnswer, type Handler } from '../test-utils/fake-api';
import { makeUser, signIn } from '../test-utils/fixtures';
import {
  activationRow,
  employeeRow,
  msisdnRow,
  organizationRow,
  poleRow,
  rmsRow,
  stltRow,
} from '../test-utils/rows';
import { renderRoutes } from '../test-utils/render';

// Every list of soft-deletable rows: the "Show deleted" switch asks the server for is_active=false,
// deleted rows show a Deleted tag and Restore (with 'Restore this?') instead of edit and delete, and
// only whoever may delete sees Restore.

interface Screen {
  path: string;
  element: ReactNode;
  api: string;
  /** A row as the list answers it (active). */
  row: { id: number };
  /** The row's name in the action buttons' accessible names. */
  label: string;
  manage: string[];
  view: string[];
  restored: string;
  extra?: Record<string, Handler>;
}

const SCREENS: Screen[] = [
  {
    path: '/view-user',
    element: <EmployeesPage />,
    api: 'admin_settings/employee/',
    row: employeeRow({ email: 'ravi@surya.example' }),
    label: 'ravi@surya.example',
    manage: ['VIEW_USER', 'MANAGE_USER'],
    view: ['VIEW_USER'],
    restored: EMPLOYEE_MESSAGES.restored,
  },
  {
    path: '/company-view',
    element: <OrganizationsPage />,
    api: 'admin_settings/organizations/',
    row: organizationRow({ company_name: 'Moon Lights' }),
    label: 'Moon Lights',
    manage: ['VIEW_COMPANY', 'MANAGE_COMPANY'],
    view: ['VIEW_COMPANY'],
    restored: ORGANIZATION_MESSAGES.restored,
  },
  ...(['rms', 'stlt', 'pole'] as const).map((kind) => ({
    path: INVENTORY[kind].viewPath,
    element: <InventoryListPage kind={kind} />,
    api: INVENTORY[kind].path,
    row:
      kind === 'rms'
        ? rmsRow({ device_id: 'RMS-31' })
        : kind === 'stlt'
          ? stltRow({ stlt_id: 'STLT-31' })
          : poleRow({ pole_id: 'POLE-31' }),
    label: `${kind.toUpperCase()}-31`,
    manage: [INVENTORY[kind].view, INVENTORY[kind].create],
    view: [INVENTORY[kind].view],
    restored: INVENTORY[kind].restored,
  })),
  {
    path: '/view-msison-mapping',
    element: <MsisdnPage />,
    api: 'devices/msisdn_mapping/',
    row: msisdnRow({ sim_number: '8991101200003204510' }),
    label: '8991101200003204510',
    manage: ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'],
    view: ['VIEW_DEVICE_ACTIVATION'],
    restored: MSISDN_MESSAGES.restored,
  },
  {
    path: '/view-activation',
    element: <ActivationsPage />,
    api: 'devices/activation/',
    row: activationRow({ device: 11, device_data: { id: 11, device_id: 'RMS-11' } }),
    label: 'RMS-11',
    manage: ['DEVICE_ACTIVATION', 'VIEW_DEVICE_ACTIVATION'],
    view: ['VIEW_DEVICE_ACTIVATION'],
    restored: ACTIVATION_MESSAGES.restored,
    extra: {
      'GET devices/activation/projects/': () => [200, []],
      'GET devices/activation/poles/': () => [200, []],
      'GET admin_settings/state/': () => [200, []],
    },
  },
];

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

/** The list answers active rows, or (is_active=false) the same row deleted; PUT answers the area's message. */
function stubList(s: Screen) {
  let deleted = true;
  return stubApi({
    ...s.extra,
    [`GET ${s.api}`]: (request): FakeAnswer => {
      const wantsDeleted = request.query.get('is_active') === 'false';
      const rows = wantsDeleted === deleted ? [{ ...s.row, is_active: !deleted }] : [];
      return [200, { results: rows, count: rows.length, current: 1, next: null }];
    },
    [`PUT ${s.api}`]: (request): FakeAnswer => {
      deleted = false;
      return [200, { ...s.row, ...(request.body as object), detail: s.restored }];
    },
  });
}

function open(s: Screen, codes: string[], url = s.path) {
  signIn(makeUser({ permissions: codes.map((key) => ({ key })) }));
  return renderRoutes([{ path: s.path, element: s.element }], url);
}

describe.each(SCREENS)('$path: deleted rows', (s) => {
  it('switches to the deleted rows, which show Deleted and Restore instead of edit and delete', async () => {
    const seen = stubList(s);
    const router = open(s, s.manage);
    const toggle = await screen.findByRole('switch', { name: RESTORE_MESSAGES.showDeleted });
    expect(toggle).not.toBeChecked();
    await user().click(toggle);
    await waitFor(() => expect(router.state.location.search).toContain('deleted=true'));
    expect(seen.some((r) => r.path === s.api && r.query.get('is_active') === 'false')).toBe(true);

    const restore = await screen.findByRole('button', { name: `Restore ${s.label}` });
    const row = restore.closest('tr')!;
    expect(within(row).getByText(RESTORE_MESSAGES.deletedTag)).toBeInTheDocument();
    expect(within(row).queryByLabelText(`Edit ${s.label}`)).not.toBeInTheDocument();
    expect(within(row).queryByLabelText(`Delete ${s.label}`)).not.toBeInTheDocument();

    await user().click(restore);
    expect(await screen.findByText(RESTORE_MESSAGES.confirm)).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(s.restored)).toBeInTheDocument();
    expect(seen.find((r) => r.method === 'PUT')?.body).toEqual({ id: s.row.id, is_active: true });
    // The deleted list reloads without the restored row.
    expect(await screen.findByText(RESTORE_MESSAGES.noneDeleted)).toBeInTheDocument();
  });

  it('shows the tag but no Restore to a user who cannot delete', async () => {
    stubList(s);
    open(s, s.view, `${s.path}?deleted=true`);
    expect(await screen.findByRole('switch', { name: RESTORE_MESSAGES.showDeleted })).toBeChecked();
    expect(await screen.findByText(RESTORE_MESSAGES.deletedTag)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Restore ${s.label}` })).not.toBeInTheDocument();
  });
});
