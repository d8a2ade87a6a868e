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

// Reads an area's sheet: the first worksheet, a header row naming the area's columns (in any order, each
// once; an optional column may be left out), then one record per non-blank row, every value as text. A
// blank cell is absent from the record, as a field the form leaves empty. A cell is read as the
// spreadsheet shows it: a formula by its saved result, rich text and hyperlinks by their text, TRUE and
// FALSE as such. What cannot be read without guessing is refused, naming the column: a spreadsheet error
// (#DIV/0!, #N/A, as a value or a formula's result), a formula whose result the file does not hold, a
// cell covered by merged cells, a date in a column of identifiers or numbers. How a cell typed as a
// number is read depends on its column's kind (BulkColumnKind): identifiers keep their digits when the
// spreadsheet could hold them exactly and are refused otherwise; dates may be Excel dates, YYYY-MM-DD or
// DD/MM/YYYY text and come out as YYYY-MM-DD.

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
 * of them is likely the optional column misspelt, and its data would be lost without a word. A column
 * named twice (by its header or its key) is refused: only one of the two could be read.
 */
function columnsOf(
  header: ExcelJS.Row,
  area: BulkSheet,
): { found: [BulkColumn, number][] } | { headerError: BulkRowError } {
  const found = new Map<BulkColumn, number>();
  const twice = new Set<BulkColumn>();
  const unknown: string[] = [];
  header.eachCell((cell, index) => {
    const shown = headerText(cell);
    const text = normalise(shown);
    if (!text) return;
    const match = area.columns.find((c) => normalise(c.header) === text || normalise(c.key) === text);
    if (!match) unknown.push(shown);
    else if (found.has(match)) twice.add(match);
    else found.set(match, index);
  });
  if (twice.size)
    return {
      headerError: {
        row: 1,
        error: BULK_MESSAGES.duplicateColumns(area.columns.filter((c) => twice.has(c)).map((c) => c.header)),
      },
    };
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

/** A header cell's text as shown; a cell covered by merged cells or without a readable value has none. */
function headerText(cell: ExcelJS.Cell): string {
  const content = contentOf(cell);
  return (content.kind === 'error' ? content.error : (shownText(content) ?? '')).trim();
}

/**
 * What a cell holds once its formula, hyperlink or rich text is looked through. exceljs may give a
 * hyperlink's text as rich text, a number or a formula's result, and drops a formula's result of 0 or
 * FALSE from `cell.value` (kept in `cell.result`); none of them may come out as "[object Object]".
 */
type Content =
  | { kind: 'blank' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'date'; value: Date }
  | { kind: 'error'; error: string }
  | { kind: 'noResult' }
  | { kind: 'merged'; master: string }
  | { kind: 'unknown' };

function contentOf(cell: ExcelJS.Cell): Content {
  switch (cell.type) {
    case ExcelJS.ValueType.Merge:
      // The file holds a merged range's value in its first cell only: the others are not this value.
      return cell.master === cell
        ? contentOfValue(cell.value)
        : { kind: 'merged', master: cell.master.address };
    case ExcelJS.ValueType.Formula:
      return cell.result === undefined || cell.result === null
        ? { kind: 'noResult' }
        : contentOfValue(cell.result as ExcelJS.CellValue);
    default:
      return contentOfValue(cell.value);
  }
}

function contentOfValue(value: unknown): Content {
  if (value === null || value === undefined) return { kind: 'blank' };
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number')
    return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'unknown' };
  if (typeof value === 'boolean') return { kind: 'boolean', value };
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? { kind: 'unknown' } : { kind: 'date', value };
  if (typeof value !== 'object') return { kind: 'unknown' };
  if ('error' in value && typeof value.error === 'string') return { kind: 'error', error: value.error };
  if ('richText' in value && Array.isArray(value.richText)) {
    const parts = value.richText as unknown[];
    const texts = parts.map((part) =>
      part && typeof part === 'object' && 'text' in part && typeof part.text === 'string'
        ? part.text
        : undefined,
    );
    return texts.every((text) => text !== undefined)
      ? { kind: 'text', text: texts.join('') }
      : { kind: 'unknown' };
  }
  if ('hyperlink' in value && 'text' in value) return contentOfValue(value.text);
  if ('formula' in value || 'sharedFormula' in value)
    return 'result' in value && value.result !== undefined && value.result !== null
      ? contentOfValue(value.result)
      : { kind: 'noResult' };
  return { kind: 'unknown' };
}

/** What a readable cell shows: text, a number as written, TRUE or FALSE, a date; undefined for the rest. */
function shownText(content: Content): string | undefined {
  switch (content.kind) {
    case 'blank':
      return '';
    case 'text':
      return content.text;
    case 'number':
      return String(content.value);
    case 'boolean':
      return content.value ? 'TRUE' : 'FALSE';
    case 'date':
      return showDate(content.value);
    default:
      return undefined;
  }
}

/** A date as YYYY-MM-DD, with its time (HH:MM, or HH:MM:SS) when it has one. */
function showDate(date: Date): string {
  const seconds = Math.round(date.getTime() / 1000);
  const iso = new Date(seconds * 1000).toISOString();
  if (seconds % 86_400 === 0) return iso.slice(0, 10);
  return `${iso.slice(0, 10)} ${seconds % 60 === 0 ? iso.slice(11, 16) : iso.slice(11, 19)}`;
}

function readCell(cell: ExcelJS.Cell, column: BulkColumn): { text: string } | { error: string } {
  const content = contentOf(cell);
  switch (content.kind) {
    case 'blank':
      return { text: '' };
    case 'error':
      return { error: BULK_MESSAGES.cellError(column.header, content.error) };
    case 'noResult':
      return { error: BULK_MESSAGES.formulaWithoutResult(column.header) };
    case 'merged':
      return { error: BULK_MESSAGES.mergedCell(column.header, content.master) };
    case 'unknown':
      return { error: BULK_MESSAGES.unreadableCell(column.header) };
    case 'number':
      return numberCell(content.value, column);
    case 'boolean':
      return { text: shownText(content)! };
    case 'date':
      return dateCell(content.value, column);
    case 'text': {
      const text = content.text.trim();
      if (column.kind !== 'date' || !text) return { text };
      const date = fromText(text);
      return date ? { text: date } : { error: BULK_MESSAGES.invalidDate(column.header) };
    }
  }
}

/**
 * A cell holding a date (an Excel date, or a formula's result shown as one), by what its column holds:
 * a date column takes its day; a text column the date as shown; identifiers and numbers are refused,
 * since the spreadsheet turns typed values such as 1-2 or 3/4 into dates.
 */
function dateCell(value: Date, column: BulkColumn): { text: string } | { error: string } {
  switch (column.kind) {
    case 'date':
      return { text: value.toISOString().slice(0, 10) };
    case 'text':
      return { text: showDate(value) };
    case 'id':
    case 'number':
      return { error: BULK_MESSAGES.dateNotExpected(column.header) };
  }
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
