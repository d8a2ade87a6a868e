import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { createEmployee, E2E_ADMIN, signInThroughForm, signOut } from './fixtures';

const VIEWER = { name: 'Vera Viewer', email: 'vera@e2e.example', password: 'Vera-pass-1234' };

test.describe('sign-in and the shell', () => {
  test('a signed-out visitor is sent to sign in and comes back to the page asked for', async ({ page }) => {
    await page.goto('/ourpolicy?x=1');
    await expect(page.getByRole('heading', { name: 'Our Policy' })).toBeVisible();

    await page.goto('/view-user?page=2');
    await expect(page).toHaveURL(/\/login\/?\?next=%2Fview-user%3Fpage%3D2$/);
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/view-user\?page=2$/);
  });

  test('the sign-in page needs at most 120 kB of gzipped JavaScript', async ({ page }) => {
    // A size budget, not a timing: every script the page fetches until the network is quiet, gzipped
    // as bench/browser/js-per-route.ts counts them. The console (antd, the router) comes after sign-in.
    const BUDGET = 120 * 1024;
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('.js'))
        scripts.set(
          response.url(),
          response.body().then((body) => gzipSync(body, { level: 9 }).length),
        );
    });
    await page.goto('/login/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts.values());
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(sizes.length).toBeGreaterThan(0);
    expect(total, `gzipped JavaScript of /login: ${[...scripts.keys()].join(', ')}`).toBeLessThanOrEqual(
      BUDGET,
    );

    // The same page signs in and hands over to the console.
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText(/Welcome,? Admin/)).toBeVisible();
  });

  test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, 'not-the-password');
    await expect(page.getByText('No active account found with the given credentials').first()).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('signing in lands on the dashboard with a welcome, version in the footer, then signs out', async ({
    page,
  }) => {
    await page.goto('/login/');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(/Welcome,? Admin/)).toBeVisible();
    await expect(page.getByText(/1\.0\.76/)).toBeVisible();

    await signOut(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('Log Out in the side menu signs out like the header menu: the session is ended', async ({ page }) => {
    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText(/Welcome,? Admin/)).toBeVisible();
    const refresh = await page.evaluate(() => localStorage.getItem('rms.refresh'));
    expect(refresh).toBeTruthy();

    await signOut(page, 'side menu');

    expect(await page.evaluate(() => localStorage.getItem('rms.refresh'))).toBeNull();
    // The server was told: the refresh token of that session no longer starts one.
    const again = await page.request.post('/api/v1/token/refresh/', { data: { refresh } });
    expect(again.status()).toBe(401);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the menu shows only permitted entries and a route without permission shows 403', async ({
    page,
    request,
  }) => {
    await createEmployee(request, { ...VIEWER, permissions: ['VIEW_COMPANY'] });

    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminMenu = page.getByRole('menu');
    await adminMenu.getByText('Employees', { exact: true }).click();
    await expect(adminMenu.getByText('All Employees')).toBeVisible();
    await adminMenu.getByText('Settings', { exact: true }).click();
    await expect(adminMenu.getByText('State', { exact: true })).toBeVisible();
    await signOut(page);

    await page.goto('/login/');
    await signInThroughForm(page, VIEWER.email, VIEWER.password);
    await expect(page.getByText(/Welcome,? Vera/)).toBeVisible();
    await expect(page.getByRole('menu').getByText('Dashboard')).toBeVisible();
    const menu = page.getByRole('menu');
    // A group with a single permitted entry shows that entry at the top level.
    await expect(menu.getByText('All Organizations')).toBeVisible();
    for (const hidden of ['Employees', 'All Employees', 'Settings', 'State', 'Organization Registration'])
      await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);

    await page.goto('/view-user');
    await expect(page.getByText('Permission Denied')).toBeVisible();
    await expect(page.getByText("You don't have permission to view this page")).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/login/');
    await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page.getByText(/Welcome/)).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    await expect(
      page.getByText('The page you are looking for has been temporarily moved or did not exist.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' })).toBeVisible();
  });
});
