import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { BULK_AREAS, type BulkAreaName } from '@rms/contracts/bulk-upload';
import type { Session } from './app';
import { presign } from './files';

// Spreadsheets for bulk-upload tests: real xlsx files made with exceljs, stored through the real
// presign and PUT, and hand-made zip archives (a "bomb").

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Presigns and PUTs a spreadsheet; returns the file name to post as report_upload. */
export async function storeSheet(app: FastifyInstance, session: Session, body: Buffer): Promise<string> {
  const target = await presign(app, session, 'sheet.xlsx', body.length, 'spreadsheet');
  const res = await app.inject({
    method: 'PUT',
    url: target.url,
    headers: { 'content-type': target.content_type },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return target.file_name;
}

/**
 * A zip with one stored-as-deflate entry per file; `declaredSize` lets a test lie about an entry's size.
 * Sizes and CRC are in the central directory as in any zip (no data descriptors).
 */
export interface ZipEntry {
  name: string;
  data?: Buffer;
  /** Already deflated content (a bomb), with its real size and CRC. */
  packed?: { bytes: Buffer; size: number; crc: number };
  declaredSize?: number;
}

/** Deflated zeros that inflate to `size` bytes, made a megabyte at a time (the test never holds them). */
export async function zeros(size: number): Promise<NonNullable<ZipEntry['packed']>> {
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  for (let left = size; left > 0; left -= chunk.length) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    crc = crc32(part, crc);
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  const ended = once(deflate, 'end');
  deflate.end();
  await ended;
  return { bytes: Buffer.concat(out), size, crc };
}

export function zip(files: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = file.data ?? Buffer.alloc(0);
    const packed = file.packed?.bytes ?? deflateRawSync(data, { level: 9 });
    const name = Buffer.from(file.name);
    const size = file.declaredSize ?? file.packed?.size ?? data.length;
    const crc = file.packed?.crc ?? crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A bulk upload's success answer: the area's message, the rows made, the sheet's upload record (who
 * uploaded it and when) and, for RMS sheets, one key per new device.
 */
export function bulkSaved(area: BulkAreaName, created: number) {
  return {
    detail: BULK_AREAS[area].success,
    created,
    file: {
      file_name: expect.stringMatching(/^spreadsheet\/[0-9a-f]{32}\.xlsx$/),
      organization: expect.any(Number),
      uploaded_by: { id: expect.any(Number), name: expect.any(String) },
      requested_at: expect.any(String),
      uploaded_at: expect.any(String),
    },
    ...(area === 'rms' && {
      device_keys: expect.arrayContaining([
        {
          id: expect.any(Number),
          device_id: expect.any(String),
          device_key: expect.stringMatching(/^rmsk_/),
        },
      ]),
    }),
  };
}
