import { readFile } from 'node:fs/promises';
import { expect, type Page, type Response } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BULK_AREAS, type BulkAreaName } from '@rms/contracts/bulk-upload';

// Spreadsheets for the bulk-upload walks: build one, read the screen's sample, upload through the modal.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A sheet of these rows; a number stays a number cell, as when typed into a General-format column, and
 * a formula keeps the result given (as a spreadsheet program saves it).
 */
export async function sheetOf(rows: ExcelJS.CellValue[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Clicks Sample Download and answers the sample's header row and example row. */
export async function downloadSample(page: Page, area: BulkAreaName): Promise<[string[], string[]]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Sample Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${area}-sample.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map(String);
  expect(values(1)).toEqual(BULK_AREAS[area].columns.map((c) => c.header));
  return [values(1), values(2)];
}

/**
 * Opens the modal, uploads a sheet and waits for the server's answer to the bulk upload (within the
 * console's 20 s request timeout), so that a failure says what the server answered, not only what the
 * screen lacks. Answers the dialog and that response.
 */
export async function uploadSheet(page: Page, title: string, body: Buffer) {
  await page.getByRole('button', { name: /Upload Excel/ }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'upload.xlsx', mimeType: XLSX, buffer: body });
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/bulk_upload/'),
    { timeout: 20_000 },
  );
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const response: Response = await answered;
  return { dialog, response };
}

/** Expects the upload to be refused for its rows and answers the dialog showing them. */
export async function expectRefused(upload: ReturnType<typeof uploadSheet>) {
  const { dialog, response } = await upload;
  expect(response.status(), await response.text()).toBe(400);
  return dialog;
}

/** Expects the upload to be saved. */
export async function expectSaved(upload: ReturnType<typeof uploadSheet>) {
  const { dialog, response } = await upload;
  expect(response.status(), await response.text()).toBe(200);
  return dialog;
}

/** The example row with some columns (by header) replaced. */
export function rowWith(header: string[], example: string[], values: Record<string, string>): string[] {
  return header.map((h, i) => values[h] ?? example[i]!);
}
