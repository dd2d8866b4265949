/**
 * The demo dialog's six steps and how long each plays (product spec §2 "Demo dialog": Upload 10 s,
 * Column Mapping 12 s, Metrics Dashboard 15 s, AI Commentary 15 s, Control Account Breakdown 12 s,
 * Export 10 s; 74 s in all). The progress bar ticks every 50 ms (§4, §9).
 */
export interface DemoStep {
  /** Stable id, also the illustration's key. */
  id: 'upload' | 'mapping' | 'metrics' | 'commentary' | 'breakdown' | 'export';
  /** The step's name as the spec writes it. */
  name: string;
  /** How long the step plays, in milliseconds. */
  durationMs: number;
  /** One sentence on what the step shows. */
  caption: string;
}

/** The progress bar's tick (spec: every 50 ms). */
export const DEMO_TICK_MS = 50;

export const DEMO_STEPS: readonly DemoStep[] = [
  {
    id: 'upload',
    name: 'Upload',
    durationMs: 10_000,
    caption:
      'Drop in a Primavera P6 .xer, a Microsoft Project .xml or .mpp, an Asta file or an Excel sheet. It is read on your own device, so nothing has to be uploaded before you see results.',
  },
  {
    id: 'mapping',
    name: 'Column Mapping',
    durationMs: 12_000,
    caption:
      'The column mapper matches your headers to budget, actual cost, progress, dates and control accounts, shows how sure it is of each, and remembers your corrections next time.',
  },
  {
    id: 'metrics',
    name: 'Metrics Dashboard',
    durationMs: 15_000,
    caption:
      'SPI, CPI, EAC, TCPI, the variances and earned schedule at the data date, with the S-curve of planned value, earned value and actual cost. Every figure can show how it was computed.',
  },
  {
    id: 'commentary',
    name: 'AI Commentary',
    durationMs: 15_000,
    caption:
      'A plain-English commentary on status, trend, forecast and drivers, written from rules grounded in earned value research, such as CPI stability after about 20% complete.',
  },
  {
    id: 'breakdown',
    name: 'Control Account Breakdown',
    durationMs: 12_000,
    caption:
      'The same measures for every control account or WBS element, with the cells that breach your alert thresholds marked, so you know which manager to call first.',
  },
  {
    id: 'export',
    name: 'Export',
    durationMs: 10_000,
    caption: 'Export the dashboard, commentary and breakdown to PDF for the monthly report, or to Excel to keep working on the figures.',
  },
];

/** The whole demo's length in milliseconds (74,000). */
export const DEMO_TOTAL_MS = DEMO_STEPS.reduce((sum, s) => sum + s.durationMs, 0);
