import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BULK_AREAS, BULK_MESSAGES as B } from '@rms/contracts/bulk-upload';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { bulkSaved, storeSheet } from '../../testing/sheets';

// What kinds of cell a spreadsheet may hold besides plain text and numbers, in real xlsx files made by
// exceljs: formulas (their saved result, including 0, FALSE, dates and errors), shared formulas, rich
// text, hyperlinks, errors, booleans, dates and merged cells. Each is read as the spreadsheet shows it, or
// refused with a message naming the row and column; the header row must name each column once.

let t: TestApp;
let boss: Session;

const CODES = ['CREATE_POLE', 'VIEW_POLE'];

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t.database.db, { companyName: 'Cell Kinds', permissions: CODES });
  boss = await addUser(t, org.id, 'boss@cells.example', CODES);
});
afterAll(() => t.close());

const POLE_HEADERS = BULK_AREAS.pole.columns.map((c) => c.header);
/** Pole ID, Manufacture, Model, Inventory Date, Remarks. */
const poleRow = (id: string): ExcelJS.CellValue[] => [id, 'Surya Power', 'P-9M', '2026-01-15', 'Batch A'];

/** A pole sheet of the header and rows, then `edit` sets cells exceljs cannot take in addRow. */
async function poleSheet(rows: ExcelJS.CellValue[][], edit?: (sheet: ExcelJS.Worksheet) => void) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(POLE_HEADERS);
  for (const row of rows) sheet.addRow(row);
  edit?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(body: Buffer) {
  const key = await storeSheet(t.app, boss, body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS.pole.path}`,
    headers: bearer(boss),
    payload: { report_upload: key },
  });
}

/** The poles whose ID holds `query`, as the list answers them (ID order). */
async function polesLike(query: string) {
  const res = await t.app.inject({ url: `/api/v1/devices/pole/?query=${query}`, headers: bearer(boss) });
  const rows = res.json().results as Record<string, unknown>[];
  return rows
    .map((r) => ({
      pole_id: r.pole_id,
      manufacture: r.manufacture,
      model: r.model,
      inventory_date: r.inventory_date,
      remarks: r.remarks,
    }))
    .sort((a, b) => String(a.pole_id).localeCompare(String(b.pole_id)));
}

const DATE_FORMAT = 'yyyy-mm-dd';

/** The first cell of a shared formula over `ref` (exceljs writes it; its typings lack shareType and ref). */
const sharedFormula = (formula: string, result: ExcelJS.CellValue, ref: string) =>
  ({ formula, result, shareType: 'shared', ref }) as unknown as ExcelJS.CellValue;

/** A hyperlink whose text is rich text, as a spreadsheet keeps a link pasted from a web page. */
const richLink = (parts: string[], hyperlink: string) =>
  ({ text: { richText: parts.map((text) => ({ text })) }, hyperlink }) as unknown as ExcelJS.CellValue;

describe('spreadsheet errors', () => {
  it('refuses an error as a formula result, a shared formula result or a value, naming row and column; saves nothing', async () => {
    const res = await upload(
      await poleSheet(
        [
          ['ERR-1', 'Surya Power', 'P-9M', '2026-01-15', { formula: '1/0', result: { error: '#DIV/0!' } }],
          ['ERR-2', 'Surya Power', 'P-9M', '2026-01-15', { error: '#N/A' }],
          poleRow('ERR-3'),
        ],
        (sheet) => {
          sheet.getCell('C2').value = sharedFormula('"P-"&1', 'P-1', 'C2:C3');
          sheet.getCell('C3').value = { sharedFormula: 'C2', result: { error: '#REF!' } };
        },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: [
        { row: 2, error: B.cellError('Remarks', '#DIV/0!') },
        { row: 3, error: [B.cellError('Model', '#REF!'), B.cellError('Remarks', '#N/A')].join('; ') },
      ],
    });
    expect(await polesLike('ERR-')).toEqual([]);
  });

  it('refuses a formula whose result the file does not hold, rather than reading it as blank', async () => {
    const res = await upload(
      await poleSheet([poleRow('NORESULT-1')], (sheet) => {
        sheet.getCell('E2').value = { formula: 'A1&B1' } as ExcelJS.CellFormulaValue;
      }),
    );
    expect(res.json()).toEqual({ detail: [{ row: 2, error: B.formulaWithoutResult('Remarks') }] });
    expect(await polesLike('NORESULT-')).toEqual([]);
  });
});

describe('cells read as the spreadsheet shows them', () => {
  it('reads rich text, hyperlinks, booleans, dates and formula results (0, FALSE, text, dates) as shown', async () => {
    const res = await upload(
      await poleSheet(
        [
          [
            'SHOWN-1',
            { richText: [{ text: 'Surya ' }, { text: 'Power', font: { bold: true } }] },
            richLink(['P-', '9M'], 'https://x.example/p'),
            { formula: 'DATE(2026,1,15)', result: new Date(Date.UTC(2026, 0, 15)) },
            { formula: '1-1', result: 0 },
          ],
          [
            sharedFormula('"SHOWN-"&2', 'SHOWN-2', 'A3:A4'),
            { text: 'Surya Power', hyperlink: 'https://x.example/s' },
            'P-9M',
            new Date(Date.UTC(2026, 1, 20)),
            { formula: '1>2', result: false },
          ],
          [
            { sharedFormula: 'A3', result: 'SHOWN-3' },
            true,
            'P-9M',
            '20/02/2026',
            { formula: 'DATE(2026,3,5)', result: new Date(Date.UTC(2026, 2, 5)) },
          ],
          ['SHOWN-4', 'Surya Power', 'P-9M', '2026-01-15', new Date(Date.UTC(2026, 0, 15, 13, 30))],
        ],
        (sheet) => {
          for (const address of ['D2', 'D3', 'E4', 'E5']) sheet.getCell(address).numFmt = DATE_FORMAT;
        },
      ),
    );
    expect(res.json()).toEqual(bulkSaved('pole', 4));
    expect(await polesLike('SHOWN-')).toEqual([
      {
        pole_id: 'SHOWN-1',
        manufacture: 'Surya Power',
        model: 'P-9M',
        inventory_date: '2026-01-15',
        remarks: '0',
      },
      {
        pole_id: 'SHOWN-2',
        manufacture: 'Surya Power',
        model: 'P-9M',
        inventory_date: '2026-02-20',
        remarks: 'FALSE',
      },
      {
        pole_id: 'SHOWN-3',
        manufacture: 'TRUE',
        model: 'P-9M',
        inventory_date: '2026-02-20',
        remarks: '2026-03-05',
      },
      {
        pole_id: 'SHOWN-4',
        manufacture: 'Surya Power',
        model: 'P-9M',
        inventory_date: '2026-01-15',
        remarks: '2026-01-15 13:30',
      },
    ]);
  });

  it('refuses a date in an identifier column, which the spreadsheet may have made of what was typed', async () => {
    const res = await upload(
      await poleSheet(
        [
          [new Date(Date.UTC(2026, 0, 2)), 'Surya Power', 'P-9M', '2026-01-15', 'Batch A'],
          [
            'DATEID-2',
            'Surya Power',
            { formula: 'DATE(2026,3,4)', result: new Date(Date.UTC(2026, 2, 4)) },
            '2026-01-15',
            'Batch A',
          ],
        ],
        (sheet) => {
          sheet.getCell('C3').numFmt = DATE_FORMAT;
        },
      ),
    );
    expect(res.json()).toEqual({
      detail: [
        { row: 2, error: B.dateNotExpected('Pole ID') },
        { row: 3, error: B.dateNotExpected('Model') },
      ],
    });
    expect(await polesLike('DATEID-')).toEqual([]);
    expect(await polesLike('2026-01-02')).toEqual([]);
  });

  it('refuses cells covered by merged cells, across columns or rows, rather than copying the first', async () => {
    const res = await upload(
      await poleSheet([poleRow('MERGED-1'), poleRow('MERGED-2'), poleRow('MERGED-3')], (sheet) => {
        sheet.mergeCells('B2:C2');
        sheet.mergeCells('E3:E4');
      }),
    );
    expect(res.json()).toEqual({
      detail: [
        { row: 2, error: B.mergedCell('Model', 'B2') },
        { row: 4, error: B.mergedCell('Remarks', 'E3') },
      ],
    });
    expect(await polesLike('MERGED-')).toEqual([]);
  });
});

describe('header row', () => {
  it('refuses a column named twice, by the same header or its key, naming it; saves nothing', async () => {
    const twice = await upload(
      await poleSheet([], (sheet) => {
        sheet.getRow(1).getCell(6).value = 'Remarks';
        sheet.addRow([...poleRow('TWICE-1'), 'Second remark']);
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: [{ row: 1, error: B.duplicateColumns(['Remarks']) }] });

    const byKey = await upload(
      await poleSheet([], (sheet) => {
        sheet.getRow(1).getCell(6).value = 'pole_id';
        sheet.getRow(1).getCell(7).value = 'REMARKS';
        sheet.addRow([...poleRow('TWICE-2'), 'TWICE-3', 'Second remark']);
      }),
    );
    expect(byKey.json()).toEqual({ detail: [{ row: 1, error: B.duplicateColumns(['Pole ID', 'Remarks']) }] });
    expect(await polesLike('TWICE-')).toEqual([]);
  });
});
