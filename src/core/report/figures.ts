/**
 * The key figures a report prints, in the Overview cards' order, and how each is written. The
 * writing mirrors the dashboard's (src/app/dashboard/components/valueFormat.ts formatValue) on top
 * of src/core/format, so a figure reads the same on screen, in the PDF and in the CLI; the report
 * tests compare the two on the sample schedules.
 */
import type { Computed } from '../evm/computed';
import { MEASURES, type MeasureDefinition, type MeasureKey } from '../evm/dictionary';
import type { Analysis } from '../evm/types';
import { formatIndex, formatMoney, formatNumber, formatPercent, formatPeriods, formatSigned, NA } from '../format';
import { periodUnitOf } from '../insight/voice';

export type FigureKind = 'amount' | 'signedAmount' | 'index' | 'percent' | 'signedPercent' | 'periods' | 'signedPeriods';

/** How one analysis writes its figures: money or hours, and what a period is called. */
export interface FigureContext {
  basis: Analysis['measureBasis'];
  currency: string;
  periodUnit: string;
}

export function figureContextOf(a: Pick<Analysis, 'measureBasis' | 'project' | 'series'>): FigureContext {
  return { basis: a.measureBasis, currency: a.project.currency, periodUnit: periodUnitOf(a) };
}

export function figureKindOf(m: MeasureDefinition): FigureKind {
  switch (m.unit) {
    case 'amount':
      return m.signed ? 'signedAmount' : 'amount';
    case 'percent':
      return m.signed ? 'signedPercent' : 'percent';
    case 'periods':
      return m.signed ? 'signedPeriods' : 'periods';
    case 'index':
      return 'index';
  }
}

const hours = (text: string): string => `${text} ${text === '1' || text === '-1' || text === '+1' ? 'hour' : 'hours'}`;

/** A value as the dashboard writes it; null or non-finite → "n/a". */
export function formatFigure(value: number | null | undefined, kind: FigureKind, ctx: FigureContext): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return NA;
  const cost = ctx.basis === 'cost';
  const periods = { unit: ctx.periodUnit, plural: `${ctx.periodUnit}s` };
  switch (kind) {
    case 'amount':
      return cost ? formatMoney(value, ctx.currency) : hours(formatNumber(value, 0, { minDp: 0 }));
    case 'signedAmount':
      return cost ? formatSigned(value, 'money', { currency: ctx.currency }) : hours(formatSigned(value, 'number'));
    case 'index':
      return formatIndex(value);
    case 'percent':
      return formatPercent(value);
    case 'signedPercent':
      return formatSigned(value, 'percent');
    case 'periods':
      return formatPeriods(value, periods);
    case 'signedPeriods':
      return formatSigned(value, 'periods', periods);
  }
}

export interface KeyFigure {
  key: MeasureKey;
  label: string;
  name: string;
  computed: Computed;
  kind: FigureKind;
}

/** The Overview's figures, in its order (cardModels.ts metricCards), with the variance percentages beside their amounts. */
export function keyFigures(a: Analysis): KeyFigure[] {
  const c = a.cost;
  const s = a.schedule;
  const entries: [MeasureKey, Computed][] = [
    ['spi', c.spi],
    ['cpi', c.cpi],
    ['ev', c.ev],
    ['pv', c.pv],
    ['ac', c.ac],
    ['bac', c.bac],
    ['eac', c.eacSelected],
    ['etc', c.etc],
    ['vac', c.vac],
    ['vacPct', c.vacPct],
    ['tcpiBac', c.tcpiBac],
    ['tcpiEac', c.tcpiEac],
    ['sv', c.sv],
    ['svPct', c.svPct],
    ['cv', c.cv],
    ['cvPct', c.cvPct],
    ['es', s.es],
    ['spit', s.spit],
    ['svt', s.svt],
    ['tspi', s.tspi],
    ['ieact', s.ieact.spi],
  ];
  return entries.map(([key, computed]) => {
    const m: MeasureDefinition = MEASURES[key];
    return { key, label: m.label, name: m.name, computed, kind: figureKindOf(m) };
  });
}
