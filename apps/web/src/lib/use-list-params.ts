import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '@rms/contracts/messages';

import { useDebounced } from './use-debounced';

/**
 * Page and search text of a list, kept in the URL (so reload, back and shared links keep them).
 * Typing is debounced 500 ms; clearing the box reloads the full list at once; a new search goes to page 1.
 * A list that offers rows-per-page choices (`sizes`) keeps the chosen one in the URL too (`page_size`);
 * a value not among them falls back to the default. A list of soft-deletable rows keeps its "Show
 * deleted" switch there as well (`deleted=true`).
 */
export function useListParams({ sizes }: { sizes?: readonly number[] } = {}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const asked = Number(params.get('page_size'));
  const pageSize = sizes?.includes(asked) ? asked : PAGE_SIZE;
  const query = params.get('query') ?? '';
  const deleted = params.get('deleted') === 'true';
  const [text, setText] = useState(query);
  const settled = useDebounced(text);

  useEffect(() => {
    if (settled === query) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (settled) next.set('query', settled);
        else next.delete('query');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [settled, query, setParams]);

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  /** A new page size starts again at page 1 (the old page number means other rows). */
  const setPageSize = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next !== PAGE_SIZE) updated.set('page_size', String(next));
      else updated.delete('page_size');
      updated.delete('page');
      return updated;
    });

  /** Switches between the active rows and the deleted ones; the other set starts at page 1. */
  const setDeleted = (next: boolean) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('deleted', 'true');
      else updated.delete('deleted');
      updated.delete('page');
      return updated;
    });

  return {
    page,
    pageSize,
    /** The list shows the deleted rows (`is_active=false`) instead of the active ones. */
    deleted,
    setDeleted,
    /** The applied search (debounced), sent to the server. */
    query,
    /** The text in the box, as typed. */
    text,
    setText,
    /** Applies the typed text now (the Search button, Enter). */
    searchNow: () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set('query', text.trim());
        else next.delete('query');
        next.delete('page');
        return next;
      }),
    setPage,
    setPageSize,
  };
}
