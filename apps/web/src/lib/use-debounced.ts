import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 500; // spec 01 §9

/**
 * The console's one debounce: the value (trimmed) once it has stopped changing for 500 ms (spec 01 §9,
 * spec 02 §9); an emptied value applies at once (spec 01 §4).
 */
export function useDebounced(value: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), value.trim() === '' ? 0 : delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return value.trim() === '' ? '' : settled.trim();
}
