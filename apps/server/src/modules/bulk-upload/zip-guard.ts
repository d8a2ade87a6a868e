import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { BULK_LIMITS, BULK_MESSAGES } from '@rms/contracts/bulk-upload';
import { fieldError } from '../../errors';

// An xlsx file is a zip archive, and a zip can hide a "bomb": a few kilobytes that inflate to gigabytes.
// Before the spreadsheet library sees the file, its central directory is read (entry count, declared
// sizes, packing ratio) and every entry is inflated once into nothing, counting bytes, so that an
// archive that lies about its sizes is stopped too (yauzl refuses an entry that inflates past its
// declared size). Memory stays at one inflate window whatever the archive claims.

const MB = 1024 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const notASpreadsheet = () => fieldError('report_upload', BULK_MESSAGES.notASpreadsheet);
const bomb = () => fieldError('report_upload', BULK_MESSAGES.bomb);

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;
const ROW_TAG = /<(?:\w+:)?row[\s>/]/g;

/**
 * Refuses (400) what is not a zip holding a workbook, or unpacks past the limits. Answers how many row
 * elements the worksheets hold, counted while inflating, so a sheet far past the row limit is refused
 * before the spreadsheet library spends time and memory on it.
 */
export async function checkSpreadsheetZip(buffer: Buffer): Promise<{ rowElements: number }> {
  if (!ZIP_MAGIC.every((byte, i) => buffer[i] === byte)) throw notASpreadsheet();
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, file) =>
      error || !file ? reject(notASpreadsheet()) : resolve(file),
    ),
  );
  let entries = 0;
  let declared = 0;
  let inflated = 0;
  let hasWorkbook = false;
  let rowElements = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        reject(error);
      };
      zip.on('error', () => fail(notASpreadsheet()));
      zip.on('end', () => (failed ? undefined : resolve()));
      zip.on('entry', (entry: Entry) => {
        entries += 1;
        declared += entry.uncompressedSize;
        if (entries > BULK_LIMITS.maxEntries || declared > BULK_LIMITS.maxUnpackedBytes) return fail(bomb());
        const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
        if (entry.uncompressedSize > MB && ratio > BULK_LIMITS.maxRatio) return fail(bomb());
        if (entry.fileName === 'xl/workbook.xml') hasWorkbook = true;
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        const isSheet = WORKSHEET.test(entry.fileName);
        let tail = '';
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return fail(notASpreadsheet());
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (isSheet) {
              // A tag may straddle two chunks: the last few characters are scanned again with the next.
              const text = tail + chunk.toString('latin1');
              rowElements += (text.match(ROW_TAG)?.length ?? 0) - (tail.match(ROW_TAG)?.length ?? 0);
              tail = text.slice(-8);
            }
            if (inflated > BULK_LIMITS.maxUnpackedBytes) {
              stream.destroy();
              fail(bomb());
            }
          });
          stream.on('error', (e: Error) =>
            fail(/too many bytes/i.test(e.message) ? bomb() : notASpreadsheet()),
          );
          stream.on('end', () => (failed ? undefined : zip.readEntry()));
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  if (!hasWorkbook) throw notASpreadsheet();
  return { rowElements };
}
