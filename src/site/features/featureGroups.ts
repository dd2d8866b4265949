/**
 * The Features page's six groups (product spec §2 Features: AI intelligence, analytics,
 * collaboration, financial, automation, security). Each item is something Earnest does, written
 * for planners, cost engineers and project controls managers.
 */
import { ADDONS, PLAN_CURRENCY, TRIAL } from '../../core/plans/constants';

export interface FeatureItem {
  title: string;
  text: string;
}

export interface FeatureGroup {
  id: 'ai' | 'analytics' | 'collaboration' | 'financial' | 'automation' | 'security';
  name: string;
  summary: string;
  items: readonly FeatureItem[];
}

const projectAddOns = ADDONS.filter((a) => a.kind === 'projects').map((a) => `+${a.amount}`);
const userAddOns = ADDONS.filter((a) => a.kind === 'users').map((a) => `+${a.amount}`);

export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    id: 'ai',
    name: 'AI intelligence',
    summary: 'Help that is specific to earned value, on by default and running on your own device.',
    items: [
      {
        title: 'Column mapping that learns',
        text: 'Matches spreadsheet headers to budget, actual cost, progress, dates and control accounts using a lexicon of planning terms, fuzzy matching and the values in each column, shows how sure it is, and remembers your corrections.',
      },
      {
        title: 'Commentary in plain English',
        text: 'Status, trend, forecast, drivers and what to look at next, with the figures in every sentence. The same analysis always gives the same words.',
      },
      {
        title: 'Grounded in earned value research',
        text: 'Rules such as CPI stability after about 20% complete, the CPI-based EAC as a floor and the SCI-based EAC as a ceiling, TCPI against CPI as a realism test, and TSPI above 1.10 as a recovery that rarely happens.',
      },
      {
        title: 'Checks on the input',
        text: 'Flags a baseline that looks re-planned, progress above 100%, budgets without dates and other problems that would make the figures misleading, before you rely on them.',
      },
    ],
  },
  {
    id: 'analytics',
    name: 'Analytics',
    summary: 'Every standard earned value and earned schedule measure, each able to show its working.',
    items: [
      {
        title: 'The full set of EVM measures',
        text: 'PV, EV, AC, BAC, SV, CV, SV%, CV%, SPI, CPI, CSI, ETC, VAC and TCPI to BAC and to EAC, at the data date and for every reporting period.',
      },
      {
        title: 'EAC by six methods',
        text: 'BAC / CPI, CPI × SPI, a composite of 0.8 CPI and 0.2 SPI, remaining work at plan rate, CPI of the last three periods and bottom-up from remaining costs, side by side.',
      },
      {
        title: 'Earned schedule',
        text: 'ES, SPI(t), SV(t), TSPI and IEAC(t) express schedule performance in time and give a forecast finish date that stays meaningful late in the job.',
      },
      {
        title: 'Monte Carlo risk',
        text: 'Simulates schedule and cost uncertainty to give a range for the finish date and the final cost rather than a single number.',
      },
      {
        title: 'EV techniques as you set them',
        text: '0/100, 50/50 and any x/y split, physical, duration or units percent complete, weighted milestones, level of effort and apportioned effort, measured in cost, labour units or duration.',
      },
      {
        title: 'Show the math',
        text: 'Open any figure to see its formula with your numbers written in. A ratio that cannot be computed reads n/a with the reason, never 0 or infinity.',
      },
    ],
  },
  {
    id: 'collaboration',
    name: 'Collaboration',
    summary: 'One set of figures for the whole project team, even when some of it is offline.',
    items: [
      {
        title: 'Teams with roles',
        text: 'Invite colleagues by email as admins, editors or viewers. Team members work under the team owner’s subscription.',
      },
      {
        title: 'Sync that survives no signal',
        text: 'Work on a site laptop with no connection; your changes sync to your teammates when it is back. An expired sign-in pauses sync and never deletes unsynced work.',
      },
      {
        title: 'Shared status history',
        text: 'Each import is kept as a status snapshot at its data date, so everyone sees the same history and the same trend.',
      },
      {
        title: 'Reports people can follow',
        text: 'Commentary and alerts that name the control account, the figure and the threshold, ready to paste into the monthly report.',
      },
    ],
  },
  {
    id: 'financial',
    name: 'Financial',
    summary: 'Cost control in the terms your commercial team uses.',
    items: [
      {
        title: 'Control account breakdown',
        text: 'Every measure for each control account, WBS element or activity code, with roll-ups that add up exactly to the project total.',
      },
      {
        title: 'Cash flow',
        text: 'Planned, earned, actual and forecast spend per period, with the estimate to complete spread over the remaining work.',
      },
      {
        title: 'Baselines and change orders',
        text: 'Keep the baselines a schedule carries and record change orders against the budget, so variances are measured against the right plan.',
      },
      {
        title: 'Any currency',
        text: `Figures in the schedule’s own currency; ${PLAN_CURRENCY} when the file does not say.`,
      },
    ],
  },
  {
    id: 'automation',
    name: 'Automation',
    summary: 'The repetitive parts of a monthly EVM cycle, done for you.',
    items: [
      {
        title: 'Format detection',
        text: 'Recognises P6 .xer and XML, Microsoft Project .xml and .mpp, Asta and Excel files from their content, not their name, and says how to export when a format needs it.',
      },
      {
        title: 'Planned value from the baseline',
        text: 'Spreads each activity’s budget over the working time of its calendar, so weekends and holidays carry no planned value, and sums it into weekly or monthly planned value. A Microsoft Project fixed cost set to accrue at the start or the finish is planned at that moment, as MS Project plans it.',
      },
      {
        title: 'History from successive imports',
        text: 'Import next month’s status and EV and AC history builds up on its own, with CPI over the last three periods and the trend in the commentary.',
      },
      {
        title: 'Alerts on variance thresholds',
        text: 'CPI, SPI(t), VAC%, TCPI gap and TSPI thresholds checked for the project and every control account at each import, worst first.',
      },
      {
        title: 'Export',
        text: 'The dashboard, commentary and breakdown to PDF and Excel, and a command-line tool that analyses a file and writes JSON for your own reporting.',
      },
    ],
  },
  {
    id: 'security',
    name: 'Security',
    summary: 'Your schedules stay yours.',
    items: [
      {
        title: 'Analysed on your device',
        text: 'Files are parsed in isolated workers in your browser, with size and time limits, and never sent to a server to be analysed.',
      },
      {
        title: 'Only your team can reach your projects',
        text: 'Shared projects sync through a gateway that checks your team membership on every request; account and billing data are never exposed to it.',
      },
      {
        title: 'Careful sign-in',
        text: 'Email verification, password reset by mailed link and short-lived sign-in tokens. Signing out clears this device’s stored data except your theme setting.',
      },
      {
        title: 'Payments by Stripe',
        text: `Card details go to Stripe, not to Earnest. Start with a ${TRIAL.durationDays}-day trial, and add projects (${projectAddOns.join(', ')}) or users (${userAddOns.join(', ')}) as you need them.`,
      },
    ],
  },
];
