import type { Paged } from '@rms/contracts/common';
import { MAX_PAGE_SIZE } from '@rms/contracts/common';

export interface PageParams {
  page: number;
  page_size: number;
  pagination?: 'true' | 'false' | undefined;
}

/** Limit and offset for a list query; `pagination=false` returns up to MAX_PAGE_SIZE rows from the start. */
export function pageWindow(params: PageParams): { limit: number; offset: number } {
  if (params.pagination === 'false') return { limit: MAX_PAGE_SIZE, offset: 0 };
  return { limit: params.page_size, offset: (params.page - 1) * params.page_size };
}

/** The list answer: `{results, count, current, next}`, or the plain array with `pagination=false`. */
export function pageOf<T>(params: PageParams, results: T[], count: number): Paged<T> | T[] {
  if (params.pagination === 'false') return results;
  return {
    results,
    count,
    current: params.page,
    next: params.page * params.page_size < count ? params.page + 1 : null,
  };
}
