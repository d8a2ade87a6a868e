import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ENERGY_REPORT_MESSAGES as M,
  type EnergyDeviceRow,
  type EnergyFigures,
  type EnergyReport,
  type EnergySubscriptionRow,
} from '@rms/contracts/energy-reports';
import { MESSAGES } from '@rms/contracts/messages';
import { recordCanvasText } from '../../test-utils/canvas';
import { stubApi, type Handler } from '../../test-utils/fake-api';
import { makeUser, signIn } from '../../test-utils/fixtures';
import { groupChoice } from '../../test-utils/group-choices';
import { renderRoutes } from '../../test-utils/render';
import { wallClock } from '../../lib/clock';
import { EnergyReportPage } from './energy-report-page';
import { WHY_NONE } from './energy-figures';

const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const BASE = 'lighting/energy-report/';
const SUBSCRIPTIONS = `${BASE}subscriptions/`;
const LAST_MONTH = wallClock().subtract(1, 'month').format('YYYY-MM');

const figures = (over: Partial<EnergyFigures> = {}): EnergyFigures => ({
  burning_hours: 352.5,
  lamp_kwh: 9.87,
  harvest_kwh: 14.321,
  planned_hours: 360,
  availability_percent: 97.9,
  full_night_kwh: 10.8,
  saved_kwh: 0.93,
  saved_percent: 8.6,
  autonomy_days: 3.2,
  co2_avoided_kg: 7.07,
  ...over,
});

const device = (id: number, code: string, over: Partial<EnergyDeviceRow> = {}): EnergyDeviceRow => ({
  ...figures(),
  device: { id, code },
  project: 'Ring Road',
  days: 30,
  ...over,
});

const report = (over: Partial<EnergyReport> = {}): EnergyReport => ({
  month: LAST_MONTH,
  organization: { id: 1, name: 'Sunrise Lighting' },
  project: null,
  group: null,
  grid_co2_kg_per_kwh: 0.716,
  devices_reporting: 2,
  // The fleet has no plan: availability and the saving are missing.
  totals: figures({
    planned_hours: null,
    availability_percent: null,
    full_night_kwh: null,
    saved_kwh: null,
    saved_percent: null,
  }),
  days: [
    { day: `${LAST_MONTH}-01`, lamp_kwh: 0.33, harvest_kwh: 0.48, burning_hours: 11.8, full_night_kwh: 0.36 },
    { day: `${LAST_MONTH}-02`, lamp_kwh: 0.32, harvest_kwh: 0.5, burning_hours: 11.7, full_night_kwh: null },
  ],
  devices: {
    count: 45,
    current: 1,
    next: 2,
    results: [
      device(11, 'RMS-0011'),
      device(12, 'RMS-0012', { project: null, planned_hours: null, availability_percent: null }),
    ],
  },
  ...over,
});

const subscription = (over: Partial<EnergySubscriptionRow> = {}): EnergySubscriptionRow => ({
  id: 4,
  organization: { id: 1, name: 'Sunrise Lighting' },
  project: null,
  recipients: ['ops@sunrise.example'],
  last_sent_month: '2026-10',
  ...over,
});

function open(
  { permissions = ['VIEW_ENERGY_REPORTS'], url = '/energy-reports' } = {},
  handlers: Record<string, Handler> = {},
) {
  signIn(makeUser({ permissions: permissions.map((key) => ({ key })) }));
  const seen = stubApi({
    [`GET ${BASE}`]: (r) => [200, report({ month: r.query.get('month')! })],
    [`GET ${SUBSCRIPTIONS}`]: () => [200, [subscription()]],
    [`POST ${SUBSCRIPTIONS}`]: (r) => [
      201,
      { detail: M.subscriptionSaved, subscription: subscription({ id: 9, ...(r.body as object) }) },
    ],
    [`PUT ${SUBSCRIPTIONS}4/`]: (r) => [
      200,
      { detail: M.subscriptionSaved, subscription: subscription(r.body as object) },
    ],
    [`DELETE ${SUBSCRIPTIONS}4/`]: () => [200, { detail: M.subscriptionDeleted }],
    'GET lighting/groups/': () => [200, { results: [groupChoice()], count: 1, current: 1, next: null }],
    'GET admin_settings/organizations/': () => [
      200,
      [
        { id: 1, company_name: 'Sunrise Lighting' },
        { id: 3, company_name: 'Metro Lights' },
      ],
    ],
    ...handlers,
  });
  const router = renderRoutes([{ path: '/energy-reports', element: <EnergyReportPage /> }], url);
  return { seen, router };
}

const reportCalls = (seen: { method: string; path: string }[]) =>
  seen.filter((r) => r.method === 'GET' && r.path === BASE);
const lastReportQuery = (seen: Parameters<typeof reportCalls>[0]) =>
  Object.fromEntries((reportCalls(seen).at(-1) as unknown as { query: URLSearchParams }).query);

/** A column's title in the devices' table head. */
const header = (title: string) => screen.getAllByText(title).find((el) => el.closest('th'))!;

beforeEach(() => {
  recordCanvasText();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Energy Report', () => {
  it("asks for last month's first page and shows the figures, the days and the devices", async () => {
    const { seen } = open();
    const cards = await screen.findByRole('list', { name: "Month's figures" });
    const card = (title: string) => within(cards).getByText(title).closest('.ant-card')! as HTMLElement;
    expect(within(card('Burning hours')).getByText('352.5')).toBeInTheDocument();
    expect(within(card('Lamp energy')).getByText('9.87')).toBeInTheDocument();
    expect(within(card('Solar harvest')).getByText('14.321')).toBeInTheDocument();
    expect(within(card('Battery autonomy')).getByText('3.2')).toBeInTheDocument();
    expect(within(card('CO₂ avoided')).getByText('7.07')).toBeInTheDocument();
    expect(within(card('Devices reporting')).getByText('2')).toBeInTheDocument();
    expect(lastReportQuery(seen)).toEqual({
      month: LAST_MONTH,
      page: '1',
      page_size: '20',
      ordering: 'device',
    });

    expect(screen.getByRole('figure', { name: 'Lamp energy and solar harvest per day' })).toBeInTheDocument();
    const table = screen.getAllByRole('table').find((t) => within(t).queryByText('RMS-0011'))!;
    const row = within(table).getByText('RMS-0012').closest('tr')!;
    expect(within(row).getAllByText('—').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('45 in all')).toBeInTheDocument();
    expect(screen.getByText(/lamp energy × 0\.716 kg CO₂ per kWh/)).toBeInTheDocument();
  });

  it('shows "—" for a figure the month cannot give, and says why', async () => {
    open();
    const missing = await screen.findByLabelText(`Availability: ${WHY_NONE.noPlan}`);
    expect(missing).toHaveTextContent('—');
    expect(screen.getByLabelText(`Energy saved: ${WHY_NONE.noPlan}`)).toHaveTextContent('—');
    await user().hover(missing);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(WHY_NONE.noPlan);
  });

  it('sorts and pages the devices on the server, as the contract orders them', async () => {
    const { seen } = open();
    await screen.findByRole('list', { name: "Month's figures" });
    await user().click(header('Lamp energy (kWh)'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ ordering: '-lamp_kwh' }));
    await user().click(header('Lamp energy (kWh)'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ ordering: 'lamp_kwh' }));
    await user().click(screen.getByTitle('2'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ page: '2', ordering: 'lamp_kwh' }));
    // Energy saved sorts only the way the server does: most saved first.
    await user().click(header('Saved (kWh)'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ ordering: '-saved_kwh' }));
    expect(lastReportQuery(seen).page).toBe('1');
    // Columns the server does not sort by have no sorter.
    expect(header('Project').closest('th')).not.toHaveClass('ant-table-column-has-sorters');
  });

  it("opens the e-mail's link with its month, organization and project", async () => {
    const { seen } = open({ url: '/energy-reports?month=2026-09&organization=3&project=Ring%20Road' });
    await screen.findByRole('list', { name: "Month's figures" });
    expect(lastReportQuery(seen)).toMatchObject({
      month: '2026-09',
      organization: '3',
      project: 'Ring Road',
    });
    expect(screen.getByLabelText('Project')).toHaveValue('Ring Road');
    expect(screen.getByLabelText('Month')).toHaveValue('09/2026');
  });

  it('narrows by project and group, and drops the group with the organization', async () => {
    const { seen, router } = open({
      permissions: ['VIEW_ENERGY_REPORTS', 'VIEW_DEVICE_DATA', 'VIEW_COMPANY'],
    });
    await screen.findByRole('list', { name: "Month's figures" });
    await user().type(screen.getByLabelText('Project'), 'Ring Road{Enter}');
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ project: 'Ring Road' }));
    await user().click(screen.getByRole('combobox', { name: 'Group' }));
    await user().click(await screen.findByTitle('Festival lights (3 devices)'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ group: '5', project: 'Ring Road' }));
    await user().click(screen.getByRole('combobox', { name: 'Organization' }));
    await user().click(await screen.findByTitle('Metro Lights'));
    await waitFor(() => expect(lastReportQuery(seen)).toMatchObject({ organization: '3' }));
    expect(lastReportQuery(seen).group).toBeUndefined();
    expect(router.state.location.search).toBe('?project=Ring+Road&organization=3');
  });

  it('hides the group picker from whoever may not read groups', async () => {
    open();
    await screen.findByRole('list', { name: "Month's figures" });
    expect(screen.queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Organization' })).not.toBeInTheDocument();
  });

  it('says so when the month has no readings', async () => {
    open(
      {},
      {
        [`GET ${BASE}`]: () => [
          200,
          report({ devices_reporting: 0, devices: { count: 0, current: 1, next: null, results: [] } }),
        ],
      },
    );
    expect(await screen.findByText('No readings for this month')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: "Month's figures" })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a month and marks the picker", async () => {
    open(
      { url: '/energy-reports?month=2099-01' },
      {
        [`GET ${BASE}`]: () => [400, { detail: M.futureMonth, errors: { month: [M.futureMonth] } }],
      },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(M.futureMonth);
    expect(screen.getByRole('button', { name: /Download xlsx/ })).toBeDisabled();
  });

  it('downloads the report as xlsx and PDF for the chosen scope', async () => {
    const created = vi.fn(() => 'blob:energy');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { seen } = open(
      { url: '/energy-reports?project=Ring%20Road' },
      { [`GET ${BASE}export/`]: () => [200, 'the file'] },
    );
    await screen.findByRole('list', { name: "Month's figures" });
    await user().click(screen.getByRole('button', { name: /Download xlsx/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const xlsx = seen.find((r) => r.path === `${BASE}export/`)!;
    expect(Object.fromEntries(xlsx.query)).toEqual({
      month: LAST_MONTH,
      project: 'Ring Road',
      format: 'xlsx',
    });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`energy-report-${LAST_MONTH}.xlsx`);
    await user().click(screen.getByRole('button', { name: /Download PDF/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(
      seen
        .filter((r) => r.path === `${BASE}export/`)
        .at(-1)!
        .query.get('format'),
    ).toBe('pdf');
  });
});

describe('Monthly e-mail', () => {
  // jsdom's ids are all "test-id" under antd, so the drawer is found by its title, not its name.
  const drawerTitled = async (title: string) => {
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(title)).toBeInTheDocument();
    return drawer;
  };
  const section = async () =>
    (await screen.findByText('Monthly e-mail')).closest('.ant-card')! as HTMLElement;

  it('lists the e-mails and adds one, its recipients checked by the contract first', async () => {
    const { seen } = open();
    const card = await section();
    expect(await within(card).findByText('ops@sunrise.example')).toBeInTheDocument();
    expect(within(card).getByText('10/2026')).toBeInTheDocument();
    await user().click(within(card).getByRole('button', { name: /Add e-mail/ }));
    const drawer = await drawerTitled('Add monthly e-mail');
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(M.recipientsRequired)).toBeInTheDocument();

    const recipients = within(drawer).getByRole('combobox', { name: 'Recipients' });
    await user().type(recipients, 'not-an-address{Enter}');
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(MESSAGES.validEmail)).toBeInTheDocument();
    await user().click(
      within(drawer).getByLabelText('close', { selector: '.ant-select-selection-item-remove *' }),
    );
    await user().type(recipients, 'Mayor@City.example{Enter}works@city.example{Enter}');
    await user().type(within(drawer).getByLabelText('Project'), 'Ring Road');
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true));
    expect(seen.find((r) => r.method === 'POST')!.body).toEqual({
      project: 'Ring Road',
      recipients: ['mayor@city.example', 'works@city.example'],
    });
    expect(await screen.findByText(M.subscriptionSaved)).toBeInTheDocument();
  });

  it('changes the recipients of one', async () => {
    const { seen } = open();
    const card = await section();
    await user().click(await within(card).findByRole('button', { name: 'Edit e-mail of Sunrise Lighting' }));
    const drawer = await drawerTitled('Edit monthly e-mail of Sunrise Lighting');
    await user().type(
      within(drawer).getByRole('combobox', { name: 'Recipients' }),
      'cfo@sunrise.example{Enter}',
    );
    await user().click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
    expect(seen.find((r) => r.method === 'PUT')!.body).toEqual({
      project: null,
      recipients: ['ops@sunrise.example', 'cfo@sunrise.example'],
    });
  });

  it('stops one after confirming', async () => {
    const { seen } = open();
    const card = await section();
    await within(card).findByText('ops@sunrise.example');
    await user().click(within(card).getByRole('button', { name: 'Delete e-mail of Sunrise Lighting' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Stop this monthly e-mail?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(seen.some((r) => r.method === 'DELETE' && r.path === `${SUBSCRIPTIONS}4/`)).toBe(true),
    );
    expect(await screen.findByText(M.subscriptionDeleted)).toBeInTheDocument();
  });
});
