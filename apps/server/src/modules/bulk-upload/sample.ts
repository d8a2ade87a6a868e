import ExcelJS from 'exceljs';
import type { BulkSheet } from '@rms/contracts/bulk-upload';

// The sample sheet of an area, made from the contract's columns: the header row the upload expects and
// one example row that uploads as it is. Built once per area and kept.

const cache = new Map<string, Promise<Buffer>>();

export function sampleSheet(area: BulkSheet): Promise<Buffer> {
  let sheet = cache.get(area.name);
  if (!sheet) {
    sheet = build(area);
    cache.set(area.name, sheet);
  }
  return sheet;
}

async function build(area: BulkSheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RMS Console';
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = area.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 4, c.example.length + 4),
    // Text format: long numbers (SIM, IMSI) and IDs stay as typed, with every digit.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(Object.fromEntries(area.columns.map((c) => [c.key, c.example])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
