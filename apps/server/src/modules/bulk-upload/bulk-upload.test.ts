import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { BULK_AREAS, BULK_LIMITS, BULK_MESSAGES, type BulkAreaName } from '@rms/contracts/bulk-upload';
import { INVENTORY, INVENTORY_MESSAGES } from '@rms/contracts/inventory';
import { MSISDN_MESSAGES } from '@rms/contracts/msisdn';
import { addDays, today } from '../../calendar';
import { rmsDevices } from '../../db/schema/inventory';
import { msisdnMappings } from '../../db/schema/msisdn';
import { bearer, createTestApp, signIn, type Session, type TestApp } from '../../testing/app';
import { makeOrganization } from '../../testing/factories';
import { addUser } from '../../testing/users';
import { PNG } from '../../testing/files';
import { bulkSaved, storeSheet, xlsx, zeros, zip } from '../../testing/sheets';

let t: TestApp;
let admin: Session;
let customer: Session;
let customerOrg: number;
let clerk: Session;

const CODES = [
  'CREATE_RMS',
  'CREATE_STLT',
  'CREATE_POLE',
  'VIEW_RMS',
  'VIEW_STLT',
  'VIEW_POLE',
  'DEVICE_ACTIVATION',
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app);
  customerOrg = (await makeOrganization(t.database.db, { companyName: 'Bulk Customer', permissions: CODES }))
    .id;
  customer = await addUser(t, customerOrg, 'boss@bulk.example', CODES);
  clerk = await addUser(t, customerOrg, 'clerk@bulk.example', ['VIEW_RMS']);
});
afterAll(() => t.close());

const headers = (area: BulkAreaName) => BULK_AREAS[area].columns.map((c) => c.header);

const dayFrom = (days: number) => addDays(today(t.config.timeZone), days);

/** An RMS row in the sample's column order: ID, manufacture, model, inventory date, expiry, remarks. */
const rmsRow = (id: string, over: Partial<Record<string, unknown>> = {}) => [
  over.id ?? id,
  over.manufacture ?? 'Surya Power',
  over.model ?? 'RMS-X1',
  over.inventory ?? '2026-01-15',
  over.expiry ?? dayFrom(365),
  over.remarks ?? 'Batch A',
];

let serial = 100; // clear of the sample's example numbers
/** A valid, new MSISDN row: SIM NO. (19 digits), IMSI (15), MSISDN (12). */
function msisdnRow(): string[] {
  serial += 1;
  const n = String(serial).padStart(6, '0');
  return [`899100000000${n}1`, `404450000${n}`, `919800${n}`];
}

async function upload(area: BulkAreaName, body: Buffer, session: Session = customer) {
  const key = await storeSheet(t.app, session, body);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/${BULK_AREAS[area].path}`,
    headers: bearer(session),
    payload: { report_upload: key },
  });
}

// The areas whose samples name nothing that must exist first; the assignment and activation samples
// name a buyer and items, and round-trip in bulk-upload-areas.test.ts where those exist.
const SELF_CONTAINED: BulkAreaName[] = ['rms', 'stlt', 'pole', 'msisdn'];

describe('sample sheets', () => {
  it.each(SELF_CONTAINED)('%s: downloads without a token and uploads as it is', async (area) => {
    const res = await t.app.inject({ url: `/samples/${area}.xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers(area));
    const saved = await upload(area, res.rawPayload);
    expect(saved.json()).toEqual(bulkSaved(area, 1));
  });

  it('answers 404 for an unknown sample', async () => {
    expect((await t.app.inject({ url: '/samples/nothing.xlsx' })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it.each(Object.keys(BULK_AREAS) as BulkAreaName[])(
    '%s: 401 without a token, 403 without the code',
    async (area) => {
      const url = `/api/v1/${BULK_AREAS[area].path}`;
      const key = await storeSheet(t.app, clerk, await xlsx([headers(area)]));
      const payload = { report_upload: key };
      expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url, payload, headers: bearer(clerk) })).statusCode).toBe(
        403,
      );
    },
  );

  it('refuses a file name that is not a stored spreadsheet key', async () => {
    for (const report_upload of ['../../etc/passwd', 'image/0123456789abcdef0123456789abcdef.png']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/devices/rms/bulk_upload/',
        headers: bearer(customer),
        payload: { report_upload },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('RMS bulk upload', () => {
  it('saves every row in the caller organization, dates normalised', async () => {
    const res = await upload(
      'rms',
      await xlsx([
        headers('rms'),
        rmsRow('BULK-A1'),
        rmsRow('BULK-A2', { inventory: '15/02/2026' }),
        rmsRow('BULK-A3', { inventory: new Date(Date.UTC(2026, 2, 5)) }),
      ]),
    );
    expect(res.json()).toEqual(bulkSaved('rms', 3));
    const rows = await t.database.db
      .select()
      .from(rmsDevices)
      .where(eq(rmsDevices.organizationId, customerOrg));
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('BULK-A2')?.inventoryDate).toBe('2026-02-15');
    expect(byCode.get('BULK-A3')?.inventoryDate).toBe('2026-03-05');
    expect(byCode.get('BULK-A1')?.createdBy).not.toBeNull();
    const list = await t.app.inject({
      url: '/api/v1/devices/rms/?query=BULK-A',
      headers: bearer(customer),
    });
    expect(list.json().count).toBe(3);
  });

  it('saves none when one row among many is bad, and names its row and message', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => rmsRow(`MANY-${i}`));
    rows[29] = rmsRow('MANY-29', { manufacture: '' });
    rows[40] = rmsRow('MANY-40', { expiry: dayFrom(-1) });
    const res = await upload('rms', await xlsx([headers('rms'), ...rows]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: [
        { row: 31, error: "'Manufacture' is required!" },
        { row: 42, error: INVENTORY_MESSAGES.expiryAfterToday },
      ],
    });
    const list = await t.app.inject({ url: '/api/v1/devices/rms/?query=MANY-', headers: bearer(customer) });
    expect(list.json().count).toBe(0);
  });

  it('refuses an ID repeated within the file and one already saved', async () => {
    await upload('rms', await xlsx([headers('rms'), rmsRow('TAKEN-1')]));
    const res = await upload(
      'rms',
      await xlsx([headers('rms'), rmsRow('DUP-1'), rmsRow('dup-1'), rmsRow('taken-1'), rmsRow('FREE-1')]),
    );
    expect(res.json()).toEqual({
      detail: [
        { row: 3, error: BULK_MESSAGES.duplicateInFile('RMS ID', 2) },
        { row: 4, error: INVENTORY.rms.duplicate },
      ],
    });
  });

  it('refuses an RMS ID outside the id grammar, by row, and saves nothing', async () => {
    const res = await upload(
      'rms',
      await xlsx([headers('rms'), rmsRow('GOOD-1'), rmsRow('+'), rmsRow('rms/#'), rmsRow('lamp 7')]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.map((d: { row: number }) => d.row)).toEqual([3, 4, 5]);
    expect(res.json().detail[0].error).toMatch(/only letters, digits/);
    const list = await t.app.inject({ url: '/api/v1/devices/rms/?query=GOOD-1', headers: bearer(customer) });
    expect(list.json().count).toBe(0);
  });

  it('names missing columns of the header row', async () => {
    const res = await upload(
      'rms',
      await xlsx([
        ['RMS ID', 'Model'],
        ['X', 'Y'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual([
      {
        row: 1,
        error: BULK_MESSAGES.missingColumns(['Manufacture', 'Inventory Date', 'Expiry Date', 'Remarks']),
      },
    ]);
  });

  it('accepts the columns in any order and header case', async () => {
    const res = await upload(
      'rms',
      await xlsx([
        ['remarks', 'EXPIRY DATE', 'Inventory Date', 'model', 'Manufacture', 'rms id'],
        ['R', dayFrom(30), '2026-01-01', 'M', 'Maker', 'ORDER-1'],
      ]),
    );
    expect(res.json()).toEqual(bulkSaved('rms', 1));
  });

  it('answers a sheet with no data rows', async () => {
    const res = await upload('rms', await xlsx([headers('rms')]));
    expect(res.json()).toEqual({ detail: [{ row: 2, error: BULK_MESSAGES.noRows }] });
  });
});

describe('upload record', () => {
  it('answers who uploaded the sheet and when, as the file record keeps it', async () => {
    const me = (await t.app.inject({ url: '/api/v1/users/me/', headers: bearer(customer) })).json();
    const key = await storeSheet(
      t.app,
      customer,
      await xlsx([headers('pole'), ['REC-POLE-1', 'S', 'P', '2026-01-01', 'r']]),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/${BULK_AREAS.pole.path}`,
      headers: bearer(customer),
      payload: { report_upload: key },
    });
    const { file } = res.json();
    expect(file).toEqual({
      file_name: key,
      organization: customerOrg,
      uploaded_by: { id: me.id, name: 'boss@bulk.example' },
      requested_at: expect.any(String),
      uploaded_at: expect.any(String),
    });
    const record = await t.app.inject({
      url: `/api/v1/uploads/file_record/?path=${key}`,
      headers: bearer(customer),
    });
    expect(record.json()).toEqual(file);
  });
});

describe('files that are not sheets', () => {
  it('refuses a PNG and a text file renamed .xlsx', async () => {
    // The store checks the first bytes on PUT; a file that passes them (a zip without a workbook) is
    // refused by the reader.
    const notWorkbook = zip([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    const res = await upload('rms', notWorkbook);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BULK_MESSAGES.notASpreadsheet);
    for (const body of [PNG, Buffer.from('device_id,model\nA,B\n')]) {
      await expect(storeSheet(t.app, customer, body)).rejects.toThrow(/upload failed: 4\d\d/);
    }
  });

  it('refuses a zip bomb without inflating it', async () => {
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', packed: await zeros(400 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const res = await upload('rms', bomb);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BULK_MESSAGES.bomb);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses a zip that lies about its sizes once it inflates past the size it declared', async () => {
    const liar = zip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', packed: await zeros(80 * 1024 * 1024), declaredSize: 1000 },
    ]);
    const res = await upload('rms', liar);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BULK_MESSAGES.bomb);
  });

  it('refuses more rows than the limit, naming it', async () => {
    const rows = Array.from({ length: BULK_LIMITS.maxRows + 1 }, (_, i) => rmsRow(`OVER-${i}`));
    const res = await upload('rms', await xlsx([headers('rms'), ...rows]));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(BULK_MESSAGES.tooManyRows(BULK_LIMITS.maxRows + 1));
  });

  it('refuses a sheet far past the limit before loading it', async () => {
    const count = 2 * BULK_LIMITS.maxRows + 10;
    const rows = Array.from({ length: count }, (_, i) => rmsRow(`FAR-${i}`));
    const sheet = await xlsx([headers('rms'), ...rows]);
    const res = await upload('rms', sheet);
    expect(res.json().detail).toBe(BULK_MESSAGES.tooManyRows(count));
  }, 30_000);
});

describe('MSISDN bulk upload', () => {
  it('keeps long numbers and leading zeros typed as text, and saves in the caller organization', async () => {
    const row = msisdnRow();
    const res = await upload(
      'msisdn',
      await xlsx([headers('msisdn'), row, ['0' + row[0]!.slice(1), '0' + row[1]!.slice(1), '+' + row[2]]]),
    );
    expect(res.json()).toEqual(bulkSaved('msisdn', 2));
    const saved = await t.database.db
      .select()
      .from(msisdnMappings)
      .where(eq(msisdnMappings.simNumber, '0' + row[0]!.slice(1)));
    expect(saved[0]?.organizationId).toBe(customerOrg);
  });

  it('names each taken number and in-file repeat, saving none', async () => {
    const taken = msisdnRow();
    await upload('msisdn', await xlsx([headers('msisdn'), taken]));
    const fresh = msisdnRow();
    const other = msisdnRow();
    const res = await upload(
      'msisdn',
      await xlsx([headers('msisdn'), fresh, [other[0], taken[1], other[2]], [fresh[0], '12', other[2]]]),
    );
    expect(res.json()).toEqual({
      detail: [
        { row: 3, error: MSISDN_MESSAGES.imsiTaken },
        { row: 4, error: 'IMSI is 15 digits' },
      ],
    });
    const rows = await t.database.db
      .select()
      .from(msisdnMappings)
      .where(eq(msisdnMappings.simNumber, fresh[0]!));
    expect(rows).toHaveLength(0);
  });

  it('saves 10,000 rows in one upload', async () => {
    const rows = Array.from({ length: BULK_LIMITS.maxRows }, (_, i) => {
      const n = String(i).padStart(6, '0');
      return [`8992000000000${n}`, `405000000${n}`, `917700${n}`];
    });
    const sheet = await xlsx([headers('msisdn'), ...rows]);
    const res = await upload('msisdn', sheet, admin);
    expect(res.json()).toEqual(bulkSaved('msisdn', BULK_LIMITS.maxRows));
  }, 60_000);
});
