import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The add/view tabs of the master-data screens (spec 01 §2): Edit opens the add tab with the row
 * loaded, saving or Cancel return to the view tab. The open tab is kept in the URL (`?tab=`) so a
 * reload or a shared link opens the same one; the row being edited lives only in memory.
 */
export function useAddViewTabs<Row>(keys: { add: string; view: string }) {
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Row | null>(null);
  const tab = params.get('tab') === keys.view ? keys.view : keys.add;

  const show = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  return {
    tab,
    editing,
    /** A tab clicked by the user; leaving the add tab drops an unsaved edit. */
    onTabChange: (next: string) => {
      if (next === keys.view) setEditing(null);
      show(next);
    },
    startEdit: (row: Row) => {
      setEditing(row);
      show(keys.add);
    },
    /** After a save or Cancel: back to the view tab. */
    finish: () => {
      setEditing(null);
      show(keys.view);
    },
  };
}
