/** The table kit every table of the app is built on (issue 14 "Tables"). */
export { DataTable, cellClass, type DataTableProps } from './DataTable';
export { SortHeader } from './SortHeader';
export { TableToolbar, type TableToolbarProps } from './TableToolbar';
export { useRovingGrid, type RovingGridOptions } from './useRovingGrid';
export { useTableState, type TableState } from './useTableState';
export { downloadText } from './download';
export { DownloadCsvButton, type DownloadCsvButtonProps } from './DownloadCsvButton';
export * from './tableModel';
