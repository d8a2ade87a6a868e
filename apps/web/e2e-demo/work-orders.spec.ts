import { expect, test } from '@playwright/test';
import { apiGet, shoot, signIn } from './demo-walk';

// The demo's work orders (apps/server/src/demo/work-order-history.ts) as a new user finds them on the
// first start: the list with done, in-progress and open orders, the order the technician is working
// with his note, and the Work Order Report with its figures, as the provider's super-user.

interface OrderPage {
  results: { id: number; title: string; status: string; assignee: { name: string } | null }[];
}
interface ReportRow {
  organization: { name: string };
  month: string;
  orders_done: number;
  sla_met_percent: number | null;
  repaired: number;
}

const DEMO = 'Demo Solar Lighting';

let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
test.afterEach(() => expect(pageErrors).toEqual([]));

test('work orders: done, in progress and open orders, and the report’s figures', async ({
  page,
  request,
}) => {
  const orders = (await apiGet<OrderPage>(request, 'work-orders/?page_size=50')).results;
  const statuses = new Set(orders.map((o) => o.status));
  for (const s of ['done', 'in_progress', 'open']) expect(statuses).toContain(s);
  const working = orders.find((o) => o.status === 'in_progress')!;
  expect(working.assignee?.name).toBe('Ravi Kumar');

  await signIn(page);
  await page.goto('/work-orders');
  for (const [status, label] of [
    ['done', 'Done'],
    ['in_progress', 'In progress'],
    ['open', 'Open'],
  ] as const) {
    const order = orders.find((o) => o.status === status)!;
    const row = page.getByRole('row', { name: new RegExp(`#${order.id} `) });
    await expect(row.getByText(label, { exact: true })).toBeVisible();
    await expect(row.getByText(DEMO)).toBeVisible();
  }
  await shoot(page, 'demo-work-orders');

  // The technician's order: started, with his note on the timeline.
  await page
    .getByRole('row', { name: new RegExp(`#${working.id} `) })
    .getByRole('button', { name: new RegExp(`#${working.id}`) })
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(working.title) });
  await expect(drawer.getByText('In progress', { exact: true })).toBeVisible();
  await expect(drawer.getByText(/^On site: /)).toBeVisible();
  await expect(drawer.getByText('Created by Meena Iyer')).toBeVisible();
  await shoot(page, 'demo-work-order-in-progress');
  await drawer.getByRole('button', { name: 'Close' }).click();

  // The report: the months of the done orders, with their figures.
  const now = new Date();
  const from = new Date(now.getFullYear(), now.getMonth() - 5, 1);
  const month = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
  const report = (
    await apiGet<ReportRow[]>(request, `work-orders/report/?from=${month(from)}&to=${month(now)}`)
  ).filter((r) => r.organization.name === DEMO && r.orders_done > 0);
  expect(report.length).toBeGreaterThan(0);
  await page.goto('/work-orders-report');
  await expect(page.getByRole('columnheader', { name: 'SLA met' })).toBeVisible();
  for (const r of report) {
    const shown = `${r.month.slice(5)}/${r.month.slice(0, 4)}`;
    const row = page.getByRole('row', { name: new RegExp(`${DEMO} ${shown}`) });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: `${r.sla_met_percent} %` })).toBeVisible();
  }
  await shoot(page, 'demo-work-order-report');
});
