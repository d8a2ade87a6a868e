import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type ExcelJS from 'exceljs';
import {
  BULK_AREAS,
  BULK_MESSAGES,
  MSISDN_BULK_MESSAGES,
  MSISDN_BULK_TITLES,
} from '@rms/contracts/bulk-upload';
import { DEVICE_KEY_MESSAGES, INVENTORY, type InventoryKind } from '@rms/contracts/inventory';
import { signsIn } from './device-fixtures';
import { E2E_ADMIN, signInThroughForm } from './fixtures';
import { downloadSample, expectRefused, expectSaved, rowWith, sheetOf, uploadSheet } from './sheets';

// Bulk upload on every screen that offers it: download the sample (its header row is the contract's),
// upload a sheet with one bad row (the Row / Error Msg table names it, nothing is saved), then a good
// sheet (the success message, the rows in the list). Values come from the clock so reruns do not collide.

const stamp = String(Date.now()).slice(-9);

/** Clicks the button that saves device keys and answers the CSV's lines after its header, as [ID, key]. */
async function downloadKeys(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toMatch(/^device-keys-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe('RMS ID,Device Key');
  return {
    file: download.suggestedFilename(),
    rows: lines.slice(1).map((l) => l.split(',') as [string, string]),
  };
}

async function signIn(page: Page) {
  await page.goto('/login/');
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page.getByText(/Welcome/)).toBeVisible();
}

const VIEW_TITLES: Record<InventoryKind, string> = {
  rms: 'View RMS/Device ID',
  stlt: 'View STLT ID',
  pole: 'View Pole ID',
};
const SEARCH_LABELS: Record<InventoryKind, string> = {
  rms: 'Search RMS IDs',
  stlt: 'Search STLT IDs',
  pole: 'Search Pole IDs',
};

for (const kind of ['rms', 'stlt', 'pole'] as const) {
  test(`${kind} list: sample, a bad row refused, a good sheet saved`, async ({ page }, testInfo) => {
    const area = BULK_AREAS[kind];
    const idHeader = area.columns[0]!.header;
    await signIn(page);
    await page.goto(INVENTORY[kind].viewPath);
    await expect(page.getByRole('heading', { name: VIEW_TITLES[kind] })).toBeVisible();
    const [header, example] = await downloadSample(page, kind);
    const ids = [1, 2, 3].map((n) => `E2E-${kind.toUpperCase()}-${stamp}-${n}`);

    const bad = await sheetOf([
      header!,
      rowWith(header!, example!, { [idHeader]: ids[0]! }),
      rowWith(header!, example!, { [idHeader]: ids[1]!, Manufacture: '' }),
      rowWith(header!, example!, { [idHeader]: ids[0]! }),
    ]);
    const dialog = await expectRefused(uploadSheet(page, area.title, bad));
    const table = dialog.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Row' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Error Msg' })).toBeVisible();
    await expect(table.getByRole('row', { name: "3 'Manufacture' is required!" })).toBeVisible();
    await expect(table.getByRole('row', { name: `4 ${idHeader} repeats row 2 of this file` })).toBeVisible();
    if (kind === 'rms') {
      await page.screenshot({ path: testInfo.outputPath('bulk-errors-1440.png') });
      await page.setViewportSize({ width: 760, height: 900 });
      await page.screenshot({ path: testInfo.outputPath('bulk-errors-760.png') });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Nothing of the bad sheet was saved.
    await page.getByLabel(SEARCH_LABELS[kind]).fill(`E2E-${kind.toUpperCase()}-${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(ids[0]!)).toHaveCount(0);

    const good = await sheetOf([header!, ...ids.map((id) => rowWith(header!, example!, { [idHeader]: id }))]);
    const done = await expectSaved(uploadSheet(page, area.title, good));
    await expect(page.getByText(area.success)).toBeVisible();
    await expect(done).toBeHidden();
    for (const id of ids) await expect(page.getByRole('row', { name: new RegExp(id) })).toBeVisible();
    if (kind === 'rms') {
      // The new devices' keys, offered once for the flashing step; each device signs in with its key.
      const keys = page.getByRole('dialog', { name: 'Device keys for 3 new RMS devices' });
      await expect(keys).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('bulk-keys-1440.png') });
      const csv = await downloadKeys(page, () =>
        keys.getByRole('button', { name: /Download device-keys-/ }).click(),
      );
      await expect(page.getByText(DEVICE_KEY_MESSAGES.downloaded(csv.file))).toBeVisible();
      await expect(keys).toBeHidden();
      expect(csv.rows.map(([id]) => id)).toEqual(ids);
      for (const [id, key] of csv.rows) expect(await signsIn(id, key)).toBe(true);

      // The toolbar with its two bulk buttons, and the create screen's, on a narrow window.
      await page.setViewportSize({ width: 760, height: 900 });
      await page.screenshot({ path: testInfo.outputPath('list-760.png') });
      await page.goto(INVENTORY.rms.createPath);
      await expect(page.getByRole('link', { name: /Sample Download/ })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('create-760.png') });
    }
  });
}

test('pole list: a cell the sheet cannot read is refused, naming its row and column', async ({
  page,
}, testInfo) => {
  const area = BULK_AREAS.pole;
  await signIn(page);
  await page.goto(INVENTORY.pole.viewPath);
  await expect(page.getByRole('heading', { name: VIEW_TITLES.pole })).toBeVisible();
  const [header, example] = await downloadSample(page, 'pole');
  const row: ExcelJS.CellValue[] = rowWith(header!, example!, {
    [area.columns[0]!.header]: `E2E-POLE-${stamp}-F`,
  });
  // A formula whose result is an error, as a spreadsheet saves =1/0: it was stored as "[object Object]".
  row[header!.indexOf('Remarks')] = { formula: '1/0', result: { error: '#DIV/0!' } } as ExcelJS.CellValue;
  const dialog = await expectRefused(uploadSheet(page, area.title, await sheetOf([header!, row])));
  await expect(
    dialog.getByRole('row', { name: `2 ${BULK_MESSAGES.cellError('Remarks', '#DIV/0!')}` }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('bulk-cell-error-1440.png') });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('bulk-cell-error-760.png') });
});

test('MSISDN screens: sample, a bad row refused, good sheets saved from the list and the add screen', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/view-msison-mapping');
  await expect(page.getByRole('heading', { name: 'View MSISDN Mapping' })).toBeVisible();
  const [header] = await downloadSample(page, 'msisdn');
  const numbers = (n: number) => [`8993${stamp}00000${n}`, `40446${stamp}${n}`, `9177${stamp}${n}`];

  const bad = await sheetOf([header!, numbers(1), [numbers(2)[0]!, '12345', numbers(2)[2]!]]);
  const dialog = await expectRefused(uploadSheet(page, MSISDN_BULK_TITLES.view, bad));
  await expect(dialog.getByRole('row', { name: '3 IMSI is 15 digits' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('msisdn-bulk-errors-1440.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const good = await sheetOf([header!, numbers(1), numbers(2)]);
  await expectSaved(uploadSheet(page, MSISDN_BULK_TITLES.view, good));
  await expect(page.getByText(MSISDN_BULK_MESSAGES.added)).toBeVisible();
  await page.getByLabel('Search MSISDN mappings').fill(`8993${stamp}`);
  await expect(page.getByRole('row', { name: new RegExp(numbers(1)[0]!) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(numbers(2)[0]!) })).toBeVisible();

  // The add screen has its own modal title and message.
  await page.goto('/add-msison-mapping');
  await expect(page.getByRole('heading', { name: 'ADD MSISDN Mapping' })).toBeVisible();
  const taken = await sheetOf([header!, numbers(1)]);
  const refused = await expectRefused(uploadSheet(page, MSISDN_BULK_TITLES.add, taken));
  await expect(refused.getByRole('row', { name: /^2 This SIM NO\. is already mapped/ })).toBeVisible();
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expectSaved(uploadSheet(page, MSISDN_BULK_TITLES.add, await sheetOf([header!, numbers(3)])));
  await expect(page.getByText(MSISDN_BULK_MESSAGES.created)).toBeVisible();
});

test('RMS list: select devices, Issue device keys, the CSV downloads once and the old keys stop working', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto(INVENTORY.rms.viewPath);
  const [header, example] = await downloadSample(page, 'rms');
  const ids = [1, 2].map((n) => `E2E-KEYS-${stamp}-${n}`);
  const sheet = await sheetOf([header!, ...ids.map((id) => rowWith(header!, example!, { 'RMS ID': id }))]);
  await expectSaved(uploadSheet(page, BULK_AREAS.rms.title, sheet));
  const offered = page.getByRole('dialog', { name: 'Device keys for 2 new RMS devices' });
  const first = await downloadKeys(page, () =>
    offered.getByRole('button', { name: /Download device-keys-/ }).click(),
  );

  await page.getByLabel('Search RMS IDs').fill(`E2E-KEYS-${stamp}`);
  await page.getByRole('button', { name: 'Search' }).click();
  for (const id of ids)
    await page
      .getByRole('row', { name: new RegExp(id) })
      .getByRole('checkbox')
      .check();
  await page.getByRole('button', { name: 'Issue device keys (2)' }).click();
  await expect(page.getByText(DEVICE_KEY_MESSAGES.issueConfirm(2))).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('issue-keys-confirm-1440.png') });
  const second = await downloadKeys(page, () =>
    page.getByRole('button', { name: 'Issue and download' }).click(),
  );
  await expect(
    page.getByText(`${DEVICE_KEY_MESSAGES.issued(2)} ${DEVICE_KEY_MESSAGES.downloaded(second.file)}`),
  ).toBeVisible();
  expect(second.rows.map(([id]) => id).sort()).toEqual(ids);
  for (const [id, key] of first.rows) expect(await signsIn(id, key)).toBe(false);
  for (const [id, key] of second.rows) expect(await signsIn(id, key)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('issue-keys-done-1440.png') });
  await page.setViewportSize({ width: 760, height: 900 });
  await page
    .getByRole('row', { name: new RegExp(ids[0]!) })
    .getByRole('checkbox')
    .check();
  await page.screenshot({ path: testInfo.outputPath('issue-keys-760.png') });
});

test('a 19-digit SIM NO. typed as a number is refused, naming the column and asking for a Text column', async ({
  page,
}, testInfo) => {
  await signIn(page);
  await page.goto('/view-msison-mapping');
  const [header] = await downloadSample(page, 'msisdn');
  // What a spreadsheet holds once 8991000012345678901 is typed into a General-format cell.
  const typedAsNumber = Number('8991000012345678901');
  const sheet = await sheetOf([header!, [typedAsNumber, `40446${stamp}7`, `9178${stamp}`]]);
  const dialog = await expectRefused(uploadSheet(page, MSISDN_BULK_TITLES.view, sheet));
  const message = BULK_MESSAGES.numberNotExact('SIM NO.');
  await expect(dialog.getByRole('row', { name: `2 ${message}` })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('number-cell-1440.png') });
  await page.setViewportSize({ width: 760, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('number-cell-760.png') });
});
