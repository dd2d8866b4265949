/**
 * The FAQ's questions and answers, grouped as the /faq page shows them. Plain text (one string per
 * paragraph) so other pages can reuse them: the pricing page takes PRICING_FAQ. Prices, limits and
 * the trial come from src/core/plans, never retyped.
 *
 * Product spec §9 says the original FAQ required payment details to begin the trial while the trial
 * button and success toast say no payment is required. Resolved in the customer's favour: no
 * payment details are needed to start the trial.
 */
import { ADDONS, ANNUAL_SAVING_PERCENT, ENTERPRISE_TIER, PLAN_TIERS, TRIAL, type AddOnKind } from '../../core/plans';

export interface FaqLink {
  to: string;
  label: string;
}

export interface FaqItem {
  /** Stable anchor: /faq#trial-payment-details. */
  id: string;
  question: string;
  /** One string per paragraph. */
  answer: readonly string[];
  /** An optional follow-up link shown under the answer. */
  link?: FaqLink;
}

export interface FaqGroup {
  id: string;
  title: string;
  items: readonly FaqItem[];
}

const gbp = (n: number): string => `£${n.toLocaleString('en-GB')}`;

function addOnRange(kind: AddOnKind): string {
  const prices = ADDONS.filter((a) => a.kind === kind).map((a) => a.monthlyPrice);
  return `${gbp(Math.min(...prices))}–${gbp(Math.max(...prices))}`;
}

function addOnList(kind: AddOnKind): string {
  return ADDONS.filter((a) => a.kind === kind)
    .map((a) => `${a.name.toLowerCase()} for ${gbp(a.monthlyPrice)} a month (${gbp(a.annualPrice)} a year)`)
    .join(', ');
}

const starter = PLAN_TIERS.starter;
const pro = PLAN_TIERS.professional;
const trialTier = PLAN_TIERS[TRIAL.tierDuringTrial];
const users = (n: number) => `${n} ${n === 1 ? 'user' : 'users'}`;
const projects = (n: number) => `${n} ${n === 1 ? 'project' : 'projects'}`;

export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'trial-and-billing',
    title: 'Trial & billing',
    items: [
      {
        id: 'trial-how',
        question: 'How does the free trial work?',
        answer: [
          `You get ${TRIAL.durationDays} days of the ${trialTier.name} plan: ${users(TRIAL.limits.users)} and ${projects(TRIAL.limits.projects)}, with every ${trialTier.name} feature. Create an account, press Start Free Trial on the pricing page and you are in.`,
          'There is one free trial per person, and you cannot start one while you already have an active subscription.',
        ],
        link: { to: '/pricing', label: 'Start your free trial' },
      },
      {
        id: 'trial-payment-details',
        question: 'Do I need to give payment details to start the trial?',
        answer: [
          'No. You do not need a card or any payment details to start the free trial, and nothing is charged during or after it.',
          'You only give payment details if you decide to buy a plan, and then they go straight to Stripe, our payment provider.',
        ],
      },
      {
        id: 'trial-end',
        question: 'What happens when my trial ends?',
        answer: [
          `The app shows how many days are left. When the ${TRIAL.durationDays} days are up, the paid features stop unless you choose a plan. You are never charged automatically, because we never had your card.`,
          'Projects on your device stay there. Choose a plan at any time to carry on where you left off.',
        ],
      },
      {
        id: 'plan-prices',
        question: 'How much do the plans cost?',
        answer: [
          `${starter.name}: ${gbp(starter.monthlyPrice)} a month or ${gbp(starter.annualPrice)} a year, for ${users(starter.baseUsers)}, ${projects(starter.baseProjects)} and ${starter.storageGb} GB of storage.`,
          `${pro.name}: ${gbp(pro.monthlyPrice)} a month or ${gbp(pro.annualPrice)} a year, for ${users(pro.baseUsers)}, ${projects(pro.baseProjects)} and ${pro.storageGb} GB of storage.`,
          `${ENTERPRISE_TIER.name}: priced by agreement, with unlimited projects and users. Use ${ENTERPRISE_TIER.ctaLabel} to talk to us.`,
          'Prices are in pounds sterling. Any VAT that applies is shown at checkout.',
        ],
        link: { to: '/pricing', label: 'Compare the plans' },
      },
      {
        id: 'annual-saving',
        question: 'How much do I save by paying annually?',
        answer: [
          `Annual billing saves up to ${ANNUAL_SAVING_PERCENT}% compared with paying monthly for a year: ${pro.name} is ${gbp(pro.annualPrice)} a year instead of ${gbp(pro.monthlyPrice * 12)}, and ${starter.name} ${gbp(starter.annualPrice)} instead of ${gbp(starter.monthlyPrice * 12)}.`,
        ],
      },
      {
        id: 'add-ons',
        question: 'Can I add more projects or users?',
        answer: [
          `Yes, with add-ons on any paid plan. Extra projects cost ${addOnRange('projects')} a month: ${addOnList('projects')}.`,
          `Extra users cost ${addOnRange('users')} a month: ${addOnList('users')}.`,
          'Add-ons are billed with your plan, monthly or annually.',
        ],
      },
      {
        id: 'upgrade-downgrade',
        question: 'Can I upgrade or downgrade later?',
        answer: [
          'Yes. Upgrades take effect straight away and are pro-rated: you pay only the difference for the rest of the current billing period.',
          'Downgrades take effect at the next billing cycle, so you keep what you have paid for until then. Nothing is deleted because of a downgrade.',
        ],
      },
      {
        id: 'cancel',
        question: 'Can I cancel at any time?',
        answer: [
          'Yes. Cancel anytime from your account, no questions asked. Your plan stays active until the end of the period you have paid for and then does not renew.',
        ],
        link: { to: '/terms#billing', label: 'Read the subscription terms' },
      },
      {
        id: 'payment',
        question: 'How do you take payment, and do you see my card?',
        answer: [
          'Payments are processed by Stripe. You enter card details on Stripe’s own checkout page; we never see or store your card number. Invoices and receipts are available from your account’s subscription management page.',
          `${ENTERPRISE_TIER.name} customers can pay by invoice by agreement.`,
        ],
      },
    ],
  },
  {
    id: 'importing-schedules',
    title: 'Importing schedules',
    items: [
      {
        id: 'file-formats',
        question: 'Which schedule files can I import?',
        answer: [
          'Primavera P6 .xer files and P6 XML (PMXML) exports, Microsoft Project XML, Excel workbooks (.xlsx and .xls, including P6’s one-table-per-sheet export) and CSV activity lists.',
          'Microsoft Project .mpp files and Asta Powerproject files are recognised, and Earnest tells you how to save them as XML from Project or Asta so they can be read.',
        ],
      },
      {
        id: 'column-mapping',
        question: 'How does Earnest know which spreadsheet column is which?',
        answer: [
          'For Excel and CSV files, the column mapper reads the headings and the values underneath them and suggests which column holds the activity id, dates, budget, actual cost, per cent complete and so on. It knows the usual names (BCWS, BCWP, ACWP, Budgeted Cost and many more) and copes with spelling variations.',
          'You review the suggested mapping before anything is imported, and your corrections are remembered for the next file laid out the same way.',
        ],
      },
      {
        id: 'file-upload',
        question: 'Is my schedule uploaded to your servers?',
        answer: [
          'No. The file is read and analysed in your browser, in a background worker on your own device, and stored on the device. It reaches our server only if you sync the project to a team.',
        ],
        link: { to: '/privacy#on-your-device', label: 'How we handle your data' },
      },
      {
        id: 'schedule-size',
        question: 'How big a schedule can it handle?',
        answer: [
          'Earnest is built for real programmes of 2,000 to 20,000 activities, which open in seconds, and has been benchmarked on P6 files of 100,000 activities and more.',
          'An import that runs for more than two minutes is stopped and nothing is stored, so a problem file never leaves a half-imported project behind.',
        ],
      },
      {
        id: 'status-updates',
        question: 'How do I bring in the next status update?',
        answer: [
          'Import the updated schedule into the same project. Each import becomes a status snapshot at its data date, so earned value and actual cost build up a history from one update to the next.',
        ],
      },
    ],
  },
  {
    id: 'the-numbers',
    title: 'The numbers (EVM/ES)',
    items: [
      {
        id: 'measures',
        question: 'Which measures does Earnest calculate?',
        answer: [
          'Planned value (PV), earned value (EV), actual cost (AC), budget at completion (BAC), estimate at completion (EAC) by several methods, ETC, VAC, cost and schedule variances (CV, SV and their percentages), CPI, SPI and TCPI.',
          'From earned schedule: ES, SPI(t) and the time-based forecast IEAC(t). These are available for the whole project and for each control account or WBS element.',
        ],
      },
      {
        id: 'earned-value',
        question: 'How is earned value worked out?',
        answer: [
          'EV is per cent complete × budget, following PMI and ANSI/EIA-748 practice. Each activity can use its own technique: 0/100, 50/50 or any x/y split, physical, duration or units per cent complete, weighted milestones, level of effort or apportioned effort.',
          'Where a schedule has no costs, Earnest measures in labour units or, failing those, duration.',
        ],
      },
      {
        id: 'earned-schedule',
        question: 'What is earned schedule, and why use it?',
        answer: [
          'Earned schedule (ES) measures progress in time rather than money: the point in the plan at which the work done so far should have been finished. SPI(t) = ES ÷ actual time.',
          'Classic SPI always drifts back to 1.00 as a late project nears its end, because all the budget is eventually earned. SPI(t) does not, so it keeps telling the truth about schedule performance late in a project.',
        ],
      },
      {
        id: 'show-the-math',
        question: 'Can I see how a figure was calculated?',
        answer: [
          'Yes. Every figure can show its formula and the inputs behind it, so you can trace it back to the schedule and check it against your own workings.',
        ],
      },
      {
        id: 'not-available',
        question: 'Why does a figure show “not available” instead of a number?',
        answer: [
          'Some ratios cannot be calculated honestly: CPI with no actual cost yet, or TCPI once the budget is spent. Rather than show 0, infinity or a misleading number, Earnest shows the figure as not available and says why.',
        ],
      },
      {
        id: 'commentary',
        question: 'Where does the plain-English commentary come from?',
        answer: [
          'It is generated by rules grounded in EVM research, such as how stable CPI is after about 20% complete and whether the TCPI needed to finish on budget is realistic. It runs on your device and sends nothing anywhere.',
          'It is a starting point for your own narrative, not a verdict. Read it alongside the figures.',
        ],
        link: { to: '/legal-disclaimer', label: 'Read the Legal Disclaimer' },
      },
      {
        id: 'forecasts',
        question: 'Are the forecasts and Monte Carlo results reliable?',
        answer: [
          'They are estimates. EAC and IEAC(t) assume past performance, or a stated assumption about the future, carries on. Monte Carlo results describe the ranges and risks you give it. Use them to frame decisions, not as promises.',
        ],
      },
    ],
  },
  {
    id: 'offline-and-sync',
    title: 'Offline & sync',
    items: [
      {
        id: 'offline',
        question: 'Does Earnest work without a signal?',
        answer: [
          'Yes. Earnest is a progressive web app: after your first visit it keeps its own code on the device, and your projects are stored there too. Import, analyse and review on a site laptop with no connection.',
          'Sign in once while online. After that the app opens signed in even when offline.',
        ],
        link: { to: '/pwa-install', label: 'Install the app' },
      },
      {
        id: 'data-location',
        question: 'Where is my data stored?',
        answer: [
          'In your browser’s storage on your device (IndexedDB). It stays there unless you sync a project to a team, in which case a copy is kept in your team’s database on our server, or on your organisation’s own database under an Enterprise agreement.',
        ],
      },
      {
        id: 'sync',
        question: 'How does team sync work?',
        answer: [
          'When you are online, changes to a team project replicate to the team’s database and from there to your teammates’ devices. Work done offline is kept on the device and syncs when the connection comes back.',
          'Every sync request is checked against your current team membership and role.',
        ],
      },
      {
        id: 'session-expired',
        question: 'What if my sign-in expires while I am offline?',
        answer: [
          'Sync pauses until you sign in again. Your local work is never blocked, and unsynced changes are never deleted.',
        ],
      },
      {
        id: 'clear-data',
        question: 'What happens if I clear my browser data?',
        answer: [
          'Clearing site data deletes everything Earnest keeps in that browser, including projects stored only on that device and changes not yet synced. Sync your projects to a team, or keep your original schedule files, before you clear it.',
        ],
        link: { to: '/cookie-policy#change-your-choice', label: 'Cookies and browser storage' },
      },
    ],
  },
  {
    id: 'teams-and-security',
    title: 'Teams & security',
    items: [
      {
        id: 'teams',
        question: 'How do teams work?',
        answer: [
          `The subscriber creates a team and invites colleagues by email. Members share the owner’s subscription and count towards its user limit: ${users(starter.baseUsers)} on ${starter.name}, ${users(pro.baseUsers)} on ${pro.name}, more with user add-ons.`,
          'Roles: the owner and admins manage members; editors can change projects; viewers can read them.',
        ],
      },
      {
        id: 'security',
        question: 'How is my account protected?',
        answer: [
          'All traffic is encrypted. Passwords are stored only as salted scrypt hashes. Sign-in uses short-lived access tokens and a refresh token held in an httpOnly cookie that page scripts cannot read; we store only a hash of it, and a stolen token that is reused is detected and revoked.',
          'Team databases are reachable only through a gateway that checks membership on every request. Account, billing and analytics data are never exposed to browsers.',
        ],
      },
      {
        id: 'ai-training',
        question: 'Do you use my project data to train AI?',
        answer: [
          'No. Your project data is used only to provide the service to you and your team. We do not sell it, and nobody trains models on it.',
        ],
      },
      {
        id: 'tracking',
        question: 'Do you track me?',
        answer: [
          'Only if you allow it. Product analytics (page views, visits, funnel steps) run on our own server and only if you choose Accept All in the cookie banner. There are no advertising or third-party trackers.',
        ],
        link: { to: '/cookie-policy', label: 'Read the Cookie Policy' },
      },
      {
        id: 'sso',
        question: 'Do you offer single sign-on or self-hosting?',
        answer: [
          `Single sign-on (SSO) is part of ${ENTERPRISE_TIER.name}. ${ENTERPRISE_TIER.name} agreements can also keep your team’s synced data in your organisation’s own Apache CouchDB.`,
        ],
        link: { to: '/contact', label: 'Contact sales' },
      },
      {
        id: 'delete-account',
        question: 'How do I close my account or get a copy of my data?',
        answer: [
          'Contact us and we will close the account and send you the data we hold in a machine-readable format. Projects kept on your device are yours to keep or delete.',
        ],
        link: { to: '/privacy#your-rights', label: 'Your privacy rights' },
      },
    ],
  },
];

const ALL_ITEMS: readonly FaqItem[] = FAQ_GROUPS.flatMap((g) => g.items);

/** A question by its id, or null. */
export function faqItem(id: string): FaqItem | null {
  return ALL_ITEMS.find((i) => i.id === id) ?? null;
}

/** The questions the pricing page shows, in its order. */
export const PRICING_FAQ_IDS = [
  'trial-payment-details',
  'trial-end',
  'annual-saving',
  'add-ons',
  'upgrade-downgrade',
  'cancel',
  'payment',
] as const;

export const PRICING_FAQ: readonly FaqItem[] = PRICING_FAQ_IDS.map((id) => {
  const item = faqItem(id);
  if (!item) throw new Error(`PRICING_FAQ_IDS names an unknown FAQ item: ${id}`);
  return item;
});
