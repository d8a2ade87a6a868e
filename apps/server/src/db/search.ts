import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `%text%` with LIKE's wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search box's text, trimmed; undefined when blank, which searches nothing. */
const searchText = (query: string | undefined): string | undefined => query?.trim() || undefined;

/** Whether a search box's text searches at all (a blank one adds no condition to textSearch). */
export const searches = (query: string | undefined): boolean => searchText(query) !== undefined;

/** Rows where any of the columns contains the search text (case-insensitive); undefined without text. */
export function textSearch(query: string | undefined, columns: (PgColumn | SQL)[]): SQL | undefined {
  const text = searchText(query);
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
