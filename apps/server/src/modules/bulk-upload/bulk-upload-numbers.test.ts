import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { BULK_AREA_NAMES, BULK_AREAS, BULK_MESSAGES, type BulkAreaName } from '@rms/contracts/bulk-upload';
import { activations } from '../../db/schema/activations';
import { rmsDevices } from '../../db/schema/inventory';
import { msisdnMappings } from '../../db/schema/msisdn';
import { bearer, createTestApp, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { bulkSaved, storeSheet, xlsx } from '../../testing/sheets';

// Numbers typed into a sheet, in real xlsx files made by exceljs with number cells (not text). A
// spreadsheet keeps 15 significant digits: an identifier typed as a longer number (a 19-digit SIM NO.,
// a value shown as 1.5E+18) is already another number when the file is saved, so it is refused with a
// message naming the column and asking for a Text column; a whole number it holds exactly (a PIN, an
// IMSI, an RMS ID of digits) is read as its digits.

let t: TestApp;
let boss: Session;

const CODES = [
  'CREATE_RMS',
  'CREATE_STLT',
  'CREATE_POLE',
  'ASSIGN_RMS',
  'ASSIGN_STLT',
  'ASSIGN_POLE',
  'DEVICE_ACTIVATION',
  'VIEW_DEVICE_ACTIVATION',
];

beforeAll(async () => {
  t = await createTestApp();
  const org = await makeOrganization(t.database.db, { companyName: 'Number Cells', permissions: CODES });
  boss = await addUser(t, org.id, 'boss@numbers.example', CODES);
});
afterAll(() => t.close());

async function upload(area: BulkAreaName, body: Buffer) {
  const key = await storeSheet(t.app, boss, body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS[area].path}`,
    headers: bearer(boss),
    payload: { report_upload: key },
  });
}

/** The area's header and one row of its sample values, with some cells replaced (numbers stay numbers). */
function sheetWith(area: BulkAreaName, cells: Record<string, unknown>) {
  const { columns } = BULK_AREAS[area];
  return xlsx([
    columns.map((c) => c.header),
    columns.map((c) => (c.key in cells ? cells[c.key] : c.example)),
  ]);
}

/** A 19-digit SIM NO. typed as a number: the cell holds 8991000012345678848, not what was typed. */
const NINETEEN_DIGITS = Number('8991000012345678901');

/** Every area and each of its identifier columns. */
const ID_COLUMNS = BULK_AREA_NAMES.flatMap((area) =>
  BULK_AREAS[area].columns.filter((c) => c.kind === 'id').map((c) => [area, c.key, c.header] as const),
);

describe('identifier columns typed as numbers', () => {
  it('covers every area', () => {
    expect(new Set(ID_COLUMNS.map(([area]) => area))).toEqual(new Set(BULK_AREA_NAMES));
  });

  it.each(ID_COLUMNS)(
    '%s %s: a 19-digit number cell is refused, naming the column',
    async (area, key, header) => {
      const res = await upload(area, await sheetWith(area, { [key]: NINETEEN_DIGITS }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: [{ row: 2, error: BULK_MESSAGES.numberNotExact(header) }] });
      expect(BULK_MESSAGES.numberNotExact(header)).toMatch(new RegExp(`Format the '.+' column as Text`));
    },
  );

  it.each(ID_COLUMNS)('%s %s: a 1.5E+18 cell and a fraction are refused', async (area, key, header) => {
    const res = await upload(area, await sheetWith(area, { [key]: 1.5e18 }));
    expect(res.json()).toEqual({ detail: [{ row: 2, error: BULK_MESSAGES.numberNotExact(header) }] });
    const fraction = await upload(area, await sheetWith(area, { [key]: 110001.5 }));
    expect(fraction.json()).toEqual({ detail: [{ row: 2, error: BULK_MESSAGES.numberNotExact(header) }] });
  });

  it('names every refused cell of a row, and other rows’ own errors, and saves nothing', async () => {
    const res = await upload(
      'msisdn',
      await xlsx([
        BULK_AREAS.msisdn.columns.map((c) => c.header),
        [NINETEEN_DIGITS, 404450000000001, 919800000001],
        ['8991000012345678902', 1.5e18, 1.5e18],
        ['8991000012345678903', '12', '919800000003'],
      ]),
    );
    expect(res.json()).toEqual({
      detail: [
        { row: 2, error: BULK_MESSAGES.numberNotExact('SIM NO.') },
        {
          row: 3,
          error: [BULK_MESSAGES.numberNotExact('IMSI'), BULK_MESSAGES.numberNotExact('MSISDN')].join('; '),
        },
        { row: 4, error: 'IMSI is 15 digits' },
      ],
    });
    expect(await t.database.db.select().from(msisdnMappings)).toHaveLength(0);
  });

  it('reads a whole number the sheet holds exactly as its digits (no ".0", no exponent)', async () => {
    const res = await upload(
      'msisdn',
      await xlsx([
        BULK_AREAS.msisdn.columns.map((c) => c.header),
        ['8991000012345678901', 404450000000001, 919800000001],
      ]),
    );
    expect(res.json()).toEqual(bulkSaved('msisdn', 1));
    const [saved] = await t.database.db
      .select()
      .from(msisdnMappings)
      .where(eq(msisdnMappings.simNumber, '8991000012345678901'));
    expect(saved).toMatchObject({ imsi: '404450000000001', msisdn: '919800000001' });

    const rms = await upload('rms', await sheetWith('rms', { device_id: 123456789012345, model: 2040 }));
    expect(rms.json()).toEqual(bulkSaved('rms', 1));
    const [device] = await t.database.db
      .select()
      .from(rmsDevices)
      .where(eq(rmsDevices.code, '123456789012345'));
    expect(device?.model).toBe('2040');
  });

  it('reads a PIN typed as a number, and a latitude (a quantity) as the number it is', async () => {
    const res = await upload(
      'activation',
      await sheetWith('activation', {
        device: '',
        stlt: '',
        pole: '',
        pin: 560001,
        panel_id: 7001,
        latitude: 12.9716,
        longitude: 77.5946,
      }),
    );
    expect(res.json()).toEqual(bulkSaved('activation', 1));
    const [row] = await t.database.db.select().from(activations).where(eq(activations.panelId, '7001'));
    expect(row).toMatchObject({ pin: '560001', latitude: 12.9716, longitude: 77.5946 });
  });
});

describe('text columns typed as numbers', () => {
  it('refuses a number of more than 15 digits in any column that is not a quantity', async () => {
    const res = await upload('rms', await sheetWith('rms', { remarks: 1.5e18, device_id: 'TEXT-NUM-1' }));
    expect(res.json()).toEqual({ detail: [{ row: 2, error: BULK_MESSAGES.numberNotExact('Remarks') }] });
  });
});

describe('sample sheets', () => {
  it.each(BULK_AREA_NAMES)(
    '%s: identifier columns are formatted as text, so typing keeps every digit',
    async (area) => {
      const res = await t.app.inject({ url: `/samples/${area}.xlsx` });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      BULK_AREAS[area].columns.forEach((column, i) => {
        if (column.kind !== 'id') return;
        expect(sheet.getColumn(i + 1).numFmt, column.header).toBe('@');
        const example = sheet.getCell(2, i + 1);
        expect(example.numFmt, column.header).toBe('@');
        expect(example.value, column.header).toBe(column.example);
      });
    },
  );
});
