import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Db } from '../db/client';

// One transaction on either database, with what a backup and a restore need of it: catalog queries and
// COPY of a table's rows out to a file and back in, in PostgreSQL's text format. On PostgreSQL the
// rows stream (pg-copy-streams); PGlite has no COPY stream, so its rows go through `/dev/blob` in
// slices: out by ranges of the table's pages (ctid), in by a number of bytes of whole lines, so neither
// side ever holds a large table in memory.
// A backup's transaction is REPEATABLE READ and READ ONLY: every table is read from one snapshot, so the
// archive is consistent while PostgreSQL goes on taking writes (as pg_dump's is).

/** How much of a table a PGlite statement carries (tests make them small, to cross their edges). */
export interface Slices {
  /** Pages of a table per slice out (8 KB each). */
  pages: number;
  /** Bytes of rows per slice in. */
  bytes: number;
}

/** About 32 MB of rows out and 16 MB in per statement. */
export const SLICES: Slices = { pages: 4096, bytes: 16 * 1024 * 1024 };

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A table's rows to copy: its name, its columns (stored, not generated) and, out, where they lie. */
export interface CopyTable {
  name: string;
  columns: string[];
  /** Out: the relations holding the rows (the table, or a partitioned table's leaf partitions). */
  leaves?: string[];
}

export interface SqlSession {
  query<T>(text: string): Promise<T[]>;
  /** Writes the table's rows (COPY text format) to `sink`, without ending it; answers the rows written. */
  copyOut(table: CopyTable, sink: Writable): Promise<number>;
  /** Loads the rows (COPY text format) from `source` into the table. */
  copyIn(table: CopyTable, source: Readable): Promise<void>;
}

/**
 * Settings that make the text format mean the same in any session: ISO dates, full float precision;
 * the rows' time zone offsets are written out, so the session's time zone does not matter.
 */
const SETTINGS = [
  "SET LOCAL datestyle = 'ISO, YMD'",
  "SET LOCAL intervalstyle = 'postgres'",
  'SET LOCAL extra_float_digits = 3',
];

/** First in the transaction: one snapshot for every statement, and nothing written. */
const SNAPSHOT = 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY';

const columnList = (table: CopyTable) => table.columns.map(quoteIdent).join(', ');

/** Runs `work` in one transaction: a read-only snapshot, or a write committed only if it succeeds. */
export async function inTransaction<T>(
  db: Db,
  mode: 'snapshot' | 'write',
  work: (session: SqlSession) => Promise<T>,
  slices: Slices = SLICES,
): Promise<T> {
  const client = (db as { $client?: unknown }).$client;
  const settings = mode === 'snapshot' ? [SNAPSHOT, ...SETTINGS] : SETTINGS;
  if (client instanceof pg.Pool) {
    const connection = await client.connect();
    try {
      await connection.query('BEGIN');
      for (const setting of settings) await connection.query(setting);
      const result = await work(postgresSession(connection));
      await connection.query('COMMIT');
      return result;
    } catch (error) {
      await connection.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      connection.release();
    }
  }
  if (client instanceof PGlite)
    return client.transaction(async (tx) => {
      for (const setting of settings) await tx.query(setting);
      return work(pgliteSession(tx, slices));
    });
  throw new Error('backup: unknown database driver');
}

function postgresSession(connection: pg.PoolClient): SqlSession {
  return {
    query: async <T>(text: string) => (await connection.query(text)).rows as T[],
    async copyOut(table, sink) {
      const stream = connection.query(
        copyTo(`COPY (SELECT ${columnList(table)} FROM ${quoteIdent(table.name)}) TO STDOUT`),
      );
      await pipeline(stream, sink, { end: false });
      return stream.rowCount;
    },
    async copyIn(table, source) {
      await pipeline(
        source,
        connection.query(copyFrom(`COPY ${quoteIdent(table.name)} (${columnList(table)}) FROM STDIN`)),
      );
    },
  };
}

function pgliteSession(tx: Transaction, slices: Slices): SqlSession {
  return {
    query: async <T>(text: string) => (await tx.query<T>(text)).rows,
    async copyOut(table, sink) {
      let rows = 0;
      for (const leaf of table.leaves ?? [table.name]) {
        const [size] = (
          await tx.query<{ pages: number }>(
            `SELECT (pg_relation_size('${quoteIdent(leaf)}') / current_setting('block_size')::int)::int AS pages`,
          )
        ).rows;
        for (let page = 0; page < (size?.pages ?? 0); page += slices.pages) {
          const result = await tx.query(
            `COPY (SELECT ${columnList(table)} FROM ONLY ${quoteIdent(leaf)}
                   WHERE ctid >= '(${page},0)'::tid AND ctid < '(${page + slices.pages},0)'::tid) TO '/dev/blob'`,
          );
          if (!result.blob) continue;
          const bytes = Buffer.from(await result.blob.arrayBuffer());
          rows += countLines(bytes);
          if (!sink.write(bytes)) await new Promise((resolve) => sink.once('drain', resolve));
        }
      }
      return rows;
    },
    async copyIn(table, source) {
      const statement = `COPY ${quoteIdent(table.name)} (${columnList(table)}) FROM '/dev/blob'`;
      // A row is one line in the text format (newlines inside values are escaped).
      let slice: string[] = [];
      let bytes = 0;
      const flush = async () => {
        if (slice.length === 0) return;
        await tx.query(statement, [], { blob: new Blob([slice.join('')]) });
        slice = [];
        bytes = 0;
      };
      for await (const line of createInterface({ input: source, crlfDelay: Infinity })) {
        slice.push(`${line}\n`);
        bytes += line.length + 1;
        if (bytes >= slices.bytes) await flush();
      }
      await flush();
    },
  };
}

function countLines(bytes: Buffer): number {
  let lines = 0;
  for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) lines++;
  return lines;
}
