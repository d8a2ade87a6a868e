import { z } from 'zod';
import { numberFromText, pageNumber } from './fields';

/** Error bodies: `{detail}` or `{detail, errors: {field: [message]}}`; bulk uploads `{detail: [{row, error}]}`. */
export const errorBody = z.object({
  detail: z.union([z.string(), z.array(z.object({ row: z.number().optional(), error: z.string() }))]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const messageBody = z.object({ detail: z.string() });

/** Paged list: `{results, count, current, next}`; page is 1-based. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    count: z.number().int(),
    current: z.number().int(),
    next: z.number().int().nullable(),
  });
}
/** A list route's answer: paged, or a plain array with `pagination=false`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.union([pagedList(item), z.array(item)]);
}
export interface Paged<T> {
  results: T[];
  count: number;
  current: number;
  next: number | null;
}

/** A list answer asked for a page (the default): the page. */
export function pageOf<T>(answer: Paged<T> | T[]): Paged<T> {
  return Array.isArray(answer) ? { results: answer, count: answer.length, current: 1, next: null } : answer;
}
/** A list answer asked for with `pagination=false`: the rows. */
export function rowsOf<T>(answer: Paged<T> | T[]): T[] {
  return Array.isArray(answer) ? answer : answer.results;
}

/** The most rows one answer carries, paged or not. */
export const MAX_PAGE_SIZE = 2500;

export const pageQuery = z.object({
  page: pageNumber.default(1),
  page_size: numberFromText(z.number().int().min(1).max(MAX_PAGE_SIZE)).default(20),
  pagination: z.enum(['true', 'false']).optional(),
  query: z.string().trim().max(200).optional(),
});
