import ExcelJS from 'exceljs';
import { BULK_LIMITS, BULK_MESSAGES, type BulkArea, type BulkRowError } from '@rms/contracts/bulk-upload';
import { fieldError } from '../../errors';
import { checkSpreadsheetZip, notASpreadsheet } from './zip-guard';

// Reads an area's sheet: the first worksheet, a header row naming the area's columns (in any order),
// then one record per non-blank row, every value as text. Numbers keep all their digits (SIM numbers,
// IMSI); dates may be Excel dates, YYYY-MM-DD or DD/MM/YYYY text and come out as YYYY-MM-DD.

export interface SheetRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

export type SheetResult = { rows: SheetRow[] } | { headerError: BulkRowError };

/** Header text compared without case, spaces or punctuation: "RMS ID", "rms id" and "rms_id" match. */
const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export async function readSheet(buffer: Buffer, area: BulkArea): Promise<SheetResult> {
  const { rowElements } = await checkSpreadsheetZip(buffer);
  // Row elements may include blank formatted rows, so the exact count is taken after loading; this
  // bound only keeps a sheet far past the limit from being loaded at all.
  if (rowElements - 1 > 2 * BULK_LIMITS.maxRows)
    throw fieldError('report_upload', BULK_MESSAGES.tooManyRows(rowElements - 1));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw notASpreadsheet();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('report_upload', BULK_MESSAGES.noSheet);
  const dataRows = Math.max(0, sheet.actualRowCount - 1);
  if (dataRows > BULK_LIMITS.maxRows) throw fieldError('report_upload', BULK_MESSAGES.tooManyRows(dataRows));

  const header = sheet.getRow(1);
  const columnOf = new Map<string, number>();
  header.eachCell((cell, column) => {
    const text = normalise(cell.text ?? '');
    const match = area.columns.find((c) => normalise(c.header) === text || normalise(c.key) === text);
    if (match && !columnOf.has(match.key)) columnOf.set(match.key, column);
  });
  const missing = area.columns.filter((c) => !columnOf.has(c.key)).map((c) => c.header);
  if (missing.length) return { headerError: { row: 1, error: BULK_MESSAGES.missingColumns(missing) } };

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    let blank = true;
    for (const column of area.columns) {
      const text = cellText(row.getCell(columnOf.get(column.key)!), column.date === true);
      if (text) blank = false;
      values[column.key] = text;
    }
    if (!blank) rows.push({ row: number, values });
  });
  if (!rows.length) return { headerError: { row: 2, error: BULK_MESSAGES.noRows } };
  return { rows };
}

function cellText(cell: ExcelJS.Cell, isDate: boolean): string {
  const value = resultOf(cell.value);
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    if (isDate) return fromSerial(value);
    // Integers in full (no exponent): an ICCID typed as a number keeps its digits as far as Excel kept them.
    return Number.isInteger(value) ? BigInt(value).toString() : String(value);
  }
  const text = (typeof value === 'string' ? value : cell.text).trim();
  return isDate ? fromText(text) : text;
}

/** A formula's cached result, or the value itself. */
function resultOf(value: ExcelJS.CellValue): ExcelJS.CellValue {
  if (value && typeof value === 'object' && !(value instanceof Date) && 'formula' in value)
    return (value.result ?? null) as ExcelJS.CellValue;
  return value;
}

/** An Excel date serial (days since 1899-12-30 in the 1900 system) as YYYY-MM-DD. */
function fromSerial(serial: number): string {
  const date = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

const pad = (n: string) => n.padStart(2, '0');

/** YYYY-MM-DD or DD/MM/YYYY (also with - or .) as YYYY-MM-DD; anything else is left for the schema to refuse. */
function fromText(text: string): string {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  return text;
}
