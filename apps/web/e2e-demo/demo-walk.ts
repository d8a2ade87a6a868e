import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { adminToken } from '../e2e/device-fixtures';
import { E2E_ADMIN, pickByText, signInThroughForm } from '../e2e/fixtures';

// Helpers of the demo-fleet walks: the demo's fixed shape (its device count and code prefix, from
// apps/server/src/demo/demo-fleet.ts), signing in as the super-user, the API as that user, screenshots.

/** The demo fleet's size: fixed by the seed, unlike everything the simulated weather decides. */
export const DEMO_DEVICES = 200;
export const DEMO_CODE = /^DEMO\d{4}$/;
/** A number shown with 2 decimals and a unit: a real reading, not the '--' of an unknown one. */
export const reading = (unit: string) => new RegExp(`^-?\\d+\\.\\d{2} ${unit}$`);

const SHOTS = 'test-results/demo/screens';

export async function signIn(page: Page): Promise<void> {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
}

/** GET on the API as the super-user. */
export async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await adminToken(request);
  const res = await request.get(`/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** The page at 1440 and 760 px wide, whole, into test-results/demo/screens. */
export async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1440, 760]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(400); // charts and the map follow their container's new width
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Chooses an option of a searchable select by typing part of it. */
export async function pick(page: Page, label: string, text: string, option: string | RegExp = text) {
  await pickByText(page, page.getByLabel(label, { exact: true }), text, option);
}

/**
 * Pixels of one colour (as `#rrggbb`, a little either way) on the chart canvas inside `chart`: what a
 * person sees as drawn bars or lines of that series, against an empty plot. uPlot draws on a plain 2D
 * canvas, so its pixels can be read back.
 */
export async function pixelsOf(chart: Locator, colour: string): Promise<number> {
  const want = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  return chart
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      const near = (x: number, y: number) => Math.abs(x - y) <= 24;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3]! > 100 && near(data[i]!, r!) && near(data[i + 1]!, g!) && near(data[i + 2]!, b!))
          count++;
      }
      return count;
    }, want);
}
