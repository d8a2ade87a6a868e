import ExcelJS from 'exceljs';
import {
  BULK_LIMITS,
  BULK_MESSAGES,
  type BulkSheet,
  type BulkColumn,
  type BulkRowError,
} from '@rms/contracts/bulk-upload';
import { fieldError } from '../../errors';
import { checkSpreadsheetZip, notASpreadsheet } from './zip-guard';

// Reads an area's sheet: the first worksheet, a header row naming the area's columns (in any order;
// an optional column may be left out), then one record per non-blank row, every value as text. A blank
// cell is absent from the record, as a field the form leaves empty. How a cell typed as a number is read
// depends on its column's kind (BulkColumnKind): identifiers keep their digits when the spreadsheet could
// hold them exactly and are refused otherwise; dates may be Excel dates, YYYY-MM-DD or DD/MM/YYYY text
// and come out as YYYY-MM-DD.

export interface SheetRow {
  /** The spreadsheet's row number (the header is row 1). */
  row: number;
  /** The row's filled cells by column key. */
  values: Record<string, string>;
  /** Cells the reader refused (a number that lost digits, a date it cannot read), by column key. */
  errors: Record<string, string>;
}

export type SheetResult = { rows: SheetRow[] } | { headerError: BulkRowError };

/** Header text compared without case, spaces or punctuation: "RMS ID", "rms id" and "rms_id" match. */
const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The largest whole number a spreadsheet holds with every digit: Excel keeps 15 significant digits, so
 * an identifier of 16 digits or more typed as a number has already lost some (or was shown, and saved,
 * in exponent form such as 1.5E+18).
 */
const EXACT_LIMIT = 1e15;

export async function readSheet(buffer: Buffer, area: BulkSheet): Promise<SheetResult> {
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

  const columns = columnsOf(sheet.getRow(1), area);
  if ('headerError' in columns) return columns;

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    const errors: Record<string, string> = {};
    for (const [column, index] of columns.found) {
      const cell = readCell(row.getCell(index), column);
      if ('error' in cell) errors[column.key] = cell.error;
      else if (cell.text) values[column.key] = cell.text;
    }
    if (Object.keys(values).length || Object.keys(errors).length) rows.push({ row: number, values, errors });
  });
  if (!rows.length) return { headerError: { row: 2, error: BULK_MESSAGES.noRows } };
  return { rows };
}

/**
 * Where each column is. A required column must be in the header row; an optional one may be left out
 * (its cells are then blank), unless the header row also holds names the sheet does not take: then one
 * of them is likely the optional column misspelt, and its data would be lost without a word.
 */
function columnsOf(
  header: ExcelJS.Row,
  area: BulkSheet,
): { found: [BulkColumn, number][] } | { headerError: BulkRowError } {
  const found = new Map<BulkColumn, number>();
  const unknown: string[] = [];
  header.eachCell((cell, index) => {
    const shown = (cell.text ?? '').trim();
    const text = normalise(shown);
    if (!text) return;
    const match = area.columns.find((c) => normalise(c.header) === text || normalise(c.key) === text);
    if (!match) unknown.push(shown);
    else if (!found.has(match)) found.set(match, index);
  });
  const missing = area.columns.filter((c) => !found.has(c));
  const missingRequired = missing.filter((c) => c.required).map((c) => c.header);
  if (missingRequired.length)
    return { headerError: { row: 1, error: BULK_MESSAGES.missingColumns(missingRequired) } };
  if (missing.length && unknown.length)
    return {
      headerError: {
        row: 1,
        error: BULK_MESSAGES.unknownColumns(
          unknown,
          missing.map((c) => c.header),
        ),
      },
    };
  return { found: [...found] };
}

function readCell(cell: ExcelJS.Cell, column: BulkColumn): { text: string } | { error: string } {
  const value = resultOf(cell.value);
  if (value === null || value === undefined) return { text: '' };
  if (value instanceof Date) return { text: value.toISOString().slice(0, 10) };
  if (typeof value === 'number') return numberCell(value, column);
  const text = (typeof value === 'string' ? value : cell.text).trim();
  if (column.kind !== 'date' || !text) return { text };
  const date = fromText(text);
  return date ? { text: date } : { error: BULK_MESSAGES.invalidDate(column.header) };
}

/** A cell typed as a number, by what its column holds. */
function numberCell(value: number, column: BulkColumn): { text: string } | { error: string } {
  switch (column.kind) {
    case 'date':
      return { text: fromSerial(value) };
    case 'number':
      return { text: String(value) };
    case 'id':
      // Only a whole number the spreadsheet held with every digit is the identifier that was typed.
      return Number.isInteger(value) && Math.abs(value) < EXACT_LIMIT
        ? { text: String(value) }
        : { error: BULK_MESSAGES.numberNotExact(column.header) };
    case 'text':
      return Math.abs(value) < EXACT_LIMIT
        ? { text: String(value) }
        : { error: BULK_MESSAGES.numberNotExact(column.header) };
  }
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

/** YYYY-MM-DD or DD/MM/YYYY (also with - or .) as YYYY-MM-DD; undefined for anything else. */
function fromText(text: string): string | undefined {
  const iso = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}`;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${pad(dmy[2]!)}-${pad(dmy[1]!)}`;
  return undefined;
}
