/** The About page's lists, kept apart from the layout so the words are easy to review. */

export const AUDIENCE_ROLES = [
  'Planners and schedulers',
  'Cost engineers',
  'Project controls managers',
  'Project managers',
  'Commercial managers',
] as const;

export const INDUSTRIES = [
  'Construction',
  'Engineering',
  'Infrastructure',
  'Energy',
  'Rail',
  'Aviation',
  'Utilities',
  'Tech',
] as const;

export interface AboutPoint {
  title: string;
  text: string;
  link?: { to: string; label: string };
}

export const REASONS: readonly AboutPoint[] = [
  {
    title: 'Numbers that can be traced',
    text: 'Every figure, from CPI to IEAC(t), can show the formula and the inputs behind it, so you can check it against your own workings before it goes in a report. A ratio that cannot be calculated honestly is shown as not available, with the reason, never as a misleading number.',
  },
  {
    title: 'The schedules you already have',
    text: 'Earnest reads Primavera P6 (.xer and XML), Microsoft Project and Asta Powerproject (through their XML export) and Excel or CSV, with a column mapper you review before anything is imported. No re-keying and no template to fill in.',
  },
  {
    title: 'Works on site, offline',
    text: 'It installs as an app and runs in the browser on your own device, so a site cabin with no signal is not a problem. Work done offline syncs to your team when the connection comes back.',
  },
];

export const PRINCIPLES: readonly AboutPoint[] = [
  {
    title: 'Show the math',
    text: 'A number you cannot trace is a number you cannot defend. Formulas follow PMI and ANSI/EIA-748 conventions, nothing is rounded before it is displayed, and every figure can be opened to see how it was worked out.',
    link: { to: '/faq#show-the-math', label: 'How the numbers are calculated' },
  },
  {
    title: 'Your data stays on your device unless you sync',
    text: 'Schedules are parsed and analysed in your browser, on your machine. Nothing is uploaded unless you choose to sync a project to your team, and we never sell data or train models on it.',
    link: { to: '/privacy#on-your-device', label: 'Read the Privacy Policy' },
  },
  {
    title: 'No hype',
    text: 'The commentary is written by rules grounded in EVM research, and we say so. Forecasts are estimates and we label them as such. Figures on our marketing pages are sample values. If Earnest cannot do something yet, we tell you.',
    link: { to: '/legal-disclaimer', label: 'What the figures are, and are not' },
  },
];
