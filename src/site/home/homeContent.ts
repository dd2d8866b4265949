/**
 * The home page's copy: industries, feature cards, how it works, the counters and why choose
 * Earnest. Every claim is about what the product does; the figures are facts about the product,
 * not customer numbers.
 */
import { ANNUAL_SAVING_PERCENT, PLAN_TIERS, TRIAL } from '../../core/plans/constants';
import type { IconName } from './HomeIcons';

/** The hero's rotating phrases and their interval (product spec: every 2.2 seconds). */
export const HERO_PHRASES = ['SPI/CPI', 'Earned Value', 'Forecasts', 'AI Insights'] as const;
export const HERO_PHRASE_MS = 2200;

export interface Tile {
  icon: IconName;
  title: string;
  text: string;
}

export const INDUSTRIES: readonly Tile[] = [
  { icon: 'construction', title: 'Construction', text: 'Main contractors and subcontractors reporting monthly valuations against the programme.' },
  { icon: 'rail', title: 'Rail', text: 'Possession-driven programmes where a missed weekend moves the finish by weeks.' },
  { icon: 'energy', title: 'Energy', text: 'Generation, grid and renewables jobs with long-lead equipment and staged energisation.' },
  { icon: 'engineering', title: 'Engineering', text: 'Design and EPC packages measured in labour hours as often as in pounds.' },
  { icon: 'infrastructure', title: 'Infrastructure', text: 'Highways, bridges and water schemes run by control account across joint ventures.' },
  { icon: 'defence', title: 'Defence', text: 'Programmes that report earned value to ANSI/EIA-748 conventions and need traceable figures.' },
  { icon: 'aviation', title: 'Aviation', text: 'Airside works phased around live operations, where every slot counts.' },
  { icon: 'utilities', title: 'Utilities', text: 'Asset renewal portfolios with many small schedules reported on the same basis.' },
];

export const FEATURE_CARDS: readonly Tile[] = [
  {
    icon: 'file',
    title: 'Reads the files you already have',
    text: 'Primavera P6 .xer and XML, Microsoft Project XML and Excel or CSV activity lists. The column mapper matches your headers, and you confirm what it found.',
  },
  {
    icon: 'gauge',
    title: 'Every standard EVM measure',
    text: 'PV, EV, AC, BAC, SV, CV, SPI, CPI, ETC, VAC and TCPI, with EAC by six methods side by side, each able to show how it was computed.',
  },
  {
    icon: 'clock',
    title: 'Earned schedule built in',
    text: 'ES, SPI(t), SV(t), TSPI and IEAC(t) turn schedule performance into months and a forecast finish date, and stay meaningful late in a job.',
  },
  {
    icon: 'message',
    title: 'Commentary in plain English',
    text: 'Status, trend, forecast, drivers and what to look at next, written from rules grounded in earned value research rather than generic text.',
  },
  {
    icon: 'layers',
    title: 'Control accounts and alerts',
    text: 'The same measures for every control account, WBS element or activity code, with variance thresholds that flag the accounts to look at first.',
  },
  {
    icon: 'offline',
    title: 'Works with no signal',
    text: 'Installs as an app and runs on your device, so a site laptop with no connection still imports, analyses and reports. Changes sync to your team later.',
  },
];

export interface StepCopy {
  icon: IconName;
  title: 'Upload' | 'We Analyse' | 'You Decide';
  text: string;
}

export const HOW_IT_WORKS: readonly StepCopy[] = [
  {
    icon: 'upload',
    title: 'Upload',
    text: 'Drop in a P6, Microsoft Project, Asta or Excel file exported at your data date. It is read on your own device.',
  },
  {
    icon: 'analyse',
    title: 'We Analyse',
    text: 'Earnest maps the columns, time-phases the baseline into planned value, earns value by each activity’s technique and measures cost and schedule performance.',
  },
  {
    icon: 'decide',
    title: 'You Decide',
    text: 'Read the commentary and alerts, open any figure to see its working, then export the report or share the project with your team.',
  },
];

export interface CounterFact {
  /** The number the counter runs up to. */
  value: number;
  /** Written after the number, e.g. "+". */
  suffix?: string;
  label: string;
}

export const COUNTERS: readonly CounterFact[] = [
  { value: 20, suffix: '+', label: 'EVM and earned schedule measures' },
  { value: 6, label: 'EAC methods compared side by side' },
  { value: 4, label: 'schedule formats read: P6 XER, P6 XML, MS Project XML, Excel' },
  { value: 0, label: 'files uploaded to a server to analyse them' },
];

export const WHY_CHOOSE: readonly { title: string; text: string }[] = [
  {
    title: 'Figures you can trace',
    text: 'Every number opens to its formula and inputs. A ratio that cannot be computed shows n/a with the reason, never a misleading 0 or infinity.',
  },
  {
    title: 'Standard conventions',
    text: 'EV as percent complete times budget (PMI, ANSI/EIA-748), earned schedule as Lipke defines it, TCPI to BAC and to EAC. Nothing is rounded before it is shown.',
  },
  {
    title: 'Built for project controls people',
    text: 'Control accounts, EV techniques from 0/100 to weighted milestones, monthly or weekly periods and schedules of tens of thousands of activities.',
  },
  {
    title: 'Your data stays on your device',
    text: 'Schedules are parsed and analysed in your browser. Only what you choose to share with your team is synced.',
  },
  {
    title: 'Works where the work is',
    text: 'Install it on a site laptop, tablet or phone. It keeps working offline and catches up when the connection is back.',
  },
  {
    title: 'A straightforward trial',
    text: `${TRIAL.durationDays} days with ${PLAN_TIERS[TRIAL.tierDuringTrial].name} access to try it on your own schedules. Plans from £${PLAN_TIERS.starter.monthlyPrice} a month; annual billing saves ${ANNUAL_SAVING_PERCENT}%.`,
  },
];
