import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_SIZE } from '@rms/contracts/messages';

const SEARCH_DEBOUNCE_MS = 500; // spec 01 §9

/**
 * Page and search text of a list, kept in the URL (so reload, back and shared links keep them).
 * Typing is debounced 500 ms; clearing the box reloads the full list at once; a new search goes to page 1.
 */
export function useListParams(pageSize = PAGE_SIZE) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = params.get('query') ?? '';
  const [text, setText] = useState(query);

  useEffect(() => {
    if (text.trim() === query) return;
    const apply = () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set('query', text.trim());
          else next.delete('query');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    if (text.trim() === '') {
      apply();
      return;
    }
    const timer = setTimeout(apply, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query, setParams]);

  const setPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  return {
    page,
    pageSize,
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
  };
}
