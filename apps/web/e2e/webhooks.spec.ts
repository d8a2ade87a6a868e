import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { WEBHOOK_MESSAGES as M } from '@rms/contracts/notifications';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The admin adds a webhook pointing at a small receiver on this machine, sends it a test ping (which
// arrives signed), reads the delivery log, and deletes the webhook.
const SECRET = `walk-secret-${Date.now()}`;

test('add a webhook, test it, read its delivery log, delete it', async ({ page }) => {
  const received: { headers: IncomingHttpHeaders; raw: Buffer }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, raw: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now()}`;
  try {
    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText(/Welcome/)).toBeVisible();
    const menu = page.getByRole('menu', { name: 'Main menu' });
    await menu.getByText('Integrations').click();
    await menu.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();

    await page.getByRole('button', { name: /Add Webhook/ }).click();
    const form = page.getByRole('dialog', { name: 'Add Webhook' });
    await form.getByLabel('URL').fill('not a url');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(form.getByText(M.urlInvalid)).toBeVisible();
    await expect(form.getByText(M.eventsRequired)).toBeVisible();
    await form.getByLabel('URL').fill(url);
    await form.getByLabel('Secret').fill(SECRET);
    await form.getByLabel('Alarm raised').check();
    await form.getByLabel('Device offline').check();
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText(M.created)).toBeVisible();

    const row = page.getByRole('row', { name: new RegExp(url.replace(/[./]/g, '\\$&')) });
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Alarm raised');
    // The secret is never shown again.
    await expect(page.getByText(SECRET)).toHaveCount(0);

    await row.getByRole('button', { name: `Test ${url}` }).click();
    await expect(page.getByText(M.pingDelivered(204))).toBeVisible();
    expect(received).toHaveLength(1);
    const ping = received[0]!;
    expect(ping.headers['x-rms-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(ping.raw).digest('hex')}`,
    );
    expect(JSON.parse(ping.raw.toString())).toMatchObject({ type: 'ping' });

    await row.getByRole('button', { name: `Deliveries of ${url}` }).click();
    const log = page.getByRole('dialog', { name: /Deliveries to/ });
    await expect(log.getByText('ping')).toBeVisible();
    await expect(log.getByText('Delivered')).toBeVisible();
    await log.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Delete ${url}` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(M.deleted)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(url.replace(/[./]/g, '\\$&')) })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
