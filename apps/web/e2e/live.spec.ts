import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInThroughForm } from './fixtures';

// The live channel from the built console in a real browser: the signed-in shell opens it through the
// real server (bearer header, streaming response) and says so in the header, at desktop and narrow widths.

test('the signed-in console opens the live channel and shows it in the header', async ({
  page,
}, testInfo) => {
  const opened = page.waitForResponse((res) => res.url().endsWith('/api/v1/events/') && res.status() === 200);
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const response = await opened;
  expect(response.headers()['content-type']).toContain('text/event-stream');
  const indicator = page.getByRole('status', { name: 'Live updates: Live' });
  await expect(indicator).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('live-1440.png') });

  await page.setViewportSize({ width: 760, height: 900 });
  await expect(indicator).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('live-760.png') });
});
