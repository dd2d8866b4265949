/** A table's column choice (remembered on this device) and sort (for this visit), as React state. */
import { useCallback, useMemo, useState } from 'react';
import { hiddenColumns, nextSort, readPrefs, visibleColumns, writePrefs, type SortState, type TableColumn } from './tableModel';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export interface TableState<R> {
  tableId: string;
  columns: readonly TableColumn<R>[];
  visible: TableColumn<R>[];
  hidden: ReadonlySet<string>;
  setShown(columnId: string, shown: boolean): void;
  /** Back to the table's default columns. */
  resetColumns(): void;
  sort: SortState | null;
  setSort(sort: SortState | null): void;
  /** A header's sort button: ascending, descending, then the table's own order. */
  cycleSort(columnId: string): void;
}

export function useTableState<R>(tableId: string, columns: readonly TableColumn<R>[], initialSort: SortState | null = null): TableState<R> {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => hiddenColumns(columns, readPrefs(storage(), tableId)));
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const setShown = useCallback(
    (id: string, shown: boolean) =>
      setHidden((h) => {
        const next = new Set(h);
        if (shown) next.delete(id);
        else next.add(id);
        writePrefs(storage(), tableId, columns, next);
        return next;
      }),
    [tableId, columns],
  );
  const resetColumns = useCallback(() => {
    const next = hiddenColumns(columns, null);
    try {
      storage()?.removeItem(`earnest:table:${tableId}`);
    } catch {
      /* nothing remembered to forget */
    }
    setHidden(next);
  }, [tableId, columns]);
  const cycleSort = useCallback((id: string) => setSort((s) => nextSort(s, id)), []);
  const visible = useMemo(() => visibleColumns(columns, hidden), [columns, hidden]);
  return { tableId, columns, visible, hidden, setShown, resetColumns, sort, setSort, cycleSort };
}
