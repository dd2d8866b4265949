/**
 * Keyboard navigation for a table (the ARIA grid pattern, with a roving tabindex): the table is one
 * Tab stop; arrows move between cells, Home/End to the row's ends, Ctrl+Home/End to the corners,
 * Page Up/Down by ten rows; Enter on a row's cell opens what the row opens. Cells carry
 * `data-r` (0 = header row) and `data-c`; a cell's button (sort, expand, show the math) takes the
 * focus in its stead. A virtualised table passes `ensureRow` to scroll a row into being first.
 */
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { moveCell, type CellPos } from './tableModel';

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

export interface RovingGridOptions {
  /** Rows including the header row. */
  rows: number;
  cols: number;
  /** Enter on body row `row` (1-based, as data-r). */
  onOpenRow?: (row: number) => void;
  /** Brings a row that is not rendered into the DOM (virtualised tables). */
  ensureRow?: (row: number) => void;
}

function cellAt(table: HTMLElement, pos: CellPos): HTMLElement | null {
  return table.querySelector<HTMLElement>(`[data-r="${pos.row}"][data-c="${pos.col}"]`);
}

/** What takes the focus for a cell: its first own control (not one inside an open popover), else the cell. */
function targetOf(cell: HTMLElement): HTMLElement {
  for (const el of cell.querySelectorAll<HTMLElement>(FOCUSABLE)) if (!el.closest('.math-popover')) return el;
  return cell;
}

export function useRovingGrid(tableRef: RefObject<HTMLElement | null>, opts: RovingGridOptions) {
  const active = useRef<CellPos>({ row: 0, col: 0 });
  const o = useRef(opts);
  o.current = opts;

  // One Tab stop: the active cell's target; every other cell and control in a cell leaves the tab order.
  const settle = useCallback(() => {
    const table = tableRef.current;
    if (!table) return;
    let cell = cellAt(table, active.current);
    if (!cell) {
      cell = table.querySelector<HTMLElement>('[data-r][data-c]');
      if (!cell) return;
      active.current = { row: Number(cell.dataset.r), col: Number(cell.dataset.c) };
    }
    const target = targetOf(cell);
    for (const c of table.querySelectorAll<HTMLElement>('[data-r][data-c]')) {
      const t = targetOf(c);
      const want = t === target ? 0 : -1;
      if (t.tabIndex !== want) t.tabIndex = want;
      if (t !== c && c.hasAttribute('tabindex')) c.removeAttribute('tabindex');
    }
  }, [tableRef]);

  useLayoutEffect(settle);

  const focusCell = useCallback(
    (pos: CellPos, tries = 3) => {
      const table = tableRef.current;
      if (!table) return;
      const cell = cellAt(table, pos);
      if (!cell) {
        if (tries > 0 && o.current.ensureRow) {
          o.current.ensureRow(pos.row);
          requestAnimationFrame(() => focusCell(pos, tries - 1));
        }
        return;
      }
      active.current = pos;
      settle();
      const t = targetOf(cell);
      t.focus({ preventScroll: false });
      cell.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    },
    [tableRef, settle],
  );

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const el = e.target as HTMLElement;
      // Keys typed in a field, or inside an open "show the math" popover, are theirs.
      if (el.closest('input, select, textarea, .math-popover')) return;
      const cell = el.closest<HTMLElement>('[data-r][data-c]');
      if (!cell) return;
      const pos = { row: Number(cell.dataset.r), col: Number(cell.dataset.c) };
      if (e.key === 'Enter' && el === cell && pos.row > 0 && o.current.onOpenRow) {
        e.preventDefault();
        o.current.onOpenRow(pos.row);
        return;
      }
      const next = moveCell(pos, e.key, e.ctrlKey || e.metaKey, o.current.rows, o.current.cols);
      if (!next) return;
      e.preventDefault();
      focusCell(next);
    },
    [focusCell],
  );

  // A click or Tab into a cell makes it the active one.
  const onFocus = useCallback((e: FocusEvent<HTMLElement>) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-r][data-c]');
    if (cell) active.current = { row: Number(cell.dataset.r), col: Number(cell.dataset.c) };
  }, []);

  return { onKeyDown, onFocus, focusCell };
}
