import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8092';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
for (const width of [1440, 760]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  await page.goto(base + '/login/');
  await page.getByLabel('Email').fill('admin@rms.local');
  await page.getByLabel('Password').fill('Admin-pass-1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(base + '/');
  await page.goto(base + '/user-registration');
  await page.getByLabel('Email').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/reg-errors-${width}.png`, fullPage: true });
  const email = `shot${width}@rms.local`;
  await page.getByLabel('Name').fill('Priya Sharma');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mobile').fill('9876543210');
  await page.getByLabel('Password', { exact: true }).fill('Priya-pass-1234');
  await page.getByLabel('Repeat Password').fill('Priya-pass-1234');
  await page.locator('input[type=file]').setInputFiles('/tmp/shots/avatar.png');
  await page.getByText('avatar.png file uploaded successfully').waitFor();
  await page.getByLabel('View User').check();
  await page.getByLabel('View Company').check();
  await page.screenshot({ path: `/tmp/shots/reg-filled-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/view-user/);
  await page.getByText(email).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/list-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: `Edit ${email}` }).click();
  await page.waitForURL(/user-registration/);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/edit-${width}.png`, fullPage: true });
  await page.goto(base + '/manage-profile');
  await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
  await page.screenshot({ path: `/tmp/shots/profile-${width}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.locator('input[type=file]').setInputFiles('/tmp/shots/fake.png');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/profile-edit-${width}.png`, fullPage: true });
  await page.goto(base + '/manage-profile?tab=change-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/password-${width}.png`, fullPage: true });
  await page.close();
  const anon = await browser.newPage({ viewport: { width, height: 900 } });
  await anon.goto(base + '/password-reset/abcdefghijklmnop');
  await anon.getByRole('button', { name: 'Reset Password' }).click();
  await anon.waitForTimeout(400);
  await anon.screenshot({ path: `/tmp/shots/reset-${width}.png`, fullPage: true });
  await anon.close();
}
await browser.close();
