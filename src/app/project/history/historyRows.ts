/**
 * The status history as table rows: each import with the figures the analysis holds for its status
 * period. No figure is computed here: PV, EV, AC, SPI and CPI are read from the analysis's series
 * (the data worker computed them); this only finds which period each status falls in. Pure, so it
 * is tested without a DOM (tests/web/project/historyRows.test.ts).
 */
import type { Analysis } from '../../../core/evm/types';
import { tryToMinutes } from '../../../core/model/dates';
import type { ImportSummaryRow } from '../../../local/contracts';

export interface HistoryRow {
  imp: ImportSummaryRow;
  /** The status date shown (the import's data date, else the date its status was taken at). */
  date: string | null;
  /** The analysis period holding this status, when the analysis reaches it. */
  period: { index: number; label: string; end: string | null } | null;
  pv: number | null;
  ev: number | null;
  ac: number | null;
  spi: number | null;
  cpi: number | null;
  /** Why the figures are blank, when they are. */
  note: string | null;
}

/** The period a moment falls in: the first whose (exclusive) end is at or after it, as the engine counts. */
function periodOf(analysis: Analysis, at: number): Analysis['series'][number] | null {
  for (const s of analysis.series) {
    const end = s.period.end === null ? null : tryToMinutes(s.period.end);
    if (end !== null && end >= at) return s;
  }
  return null;
}

export function historyRows(imports: readonly ImportSummaryRow[], analysis: Analysis | null): HistoryRow[] {
  const dated = imports.map((imp) => {
    const date = imp.dataDate ?? imp.statusDate ?? null;
    return { imp, date, at: date === null ? null : tryToMinutes(date) };
  });
  const analysedTo = analysis?.dataDate ? tryToMinutes(analysis.dataDate) : null;
  // The status that holds each period's figures: the latest one in it (the analysis keeps the last).
  const holder = new Map<number, number>();
  const periodOfRow = dated.map((d, i) => {
    if (!analysis || d.at === null || analysedTo === null || d.at > analysedTo) return null;
    const s = periodOf(analysis, d.at);
    if (!s) return null;
    const prev = holder.get(s.period.index);
    if (prev === undefined || (dated[prev].at ?? -Infinity) <= d.at) holder.set(s.period.index, i);
    return s;
  });
  return dated.map((d, i) => {
    const s = periodOfRow[i];
    const base = { imp: d.imp, date: d.date, period: s ? { index: s.period.index, label: s.period.label, end: s.period.end } : null, pv: null, ev: null, ac: null, spi: null, cpi: null };
    if (!analysis) return { ...base, note: 'The analysis is not ready yet.' };
    if (d.at === null) return { ...base, note: 'This status has no date, so it has no period in the analysis.' };
    if (analysedTo !== null && d.at > analysedTo) return { ...base, note: 'After the status date analysed now: re-analyse at its date to see its figures.' };
    if (!s) return { ...base, note: 'Outside the periods of the analysis.' };
    if (holder.get(s.period.index) !== i) return { ...base, note: `A later status in the same period (${s.period.label}) holds that period's figures.` };
    const c = s.cost;
    return {
      ...base,
      pv: s.period.pv,
      ev: s.period.ev,
      ac: s.period.ac,
      spi: c ? c.spi.value : null,
      cpi: c ? c.cpi.value : null,
      note: c ? null : 'The analysis holds no earned value for this period.',
    };
  });
}
