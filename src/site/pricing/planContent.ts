/**
 * The words on the pricing cards. Prices, limits and storage come from src/core/plans (never
 * repeated here); this file holds only what each plan advertises (spec §1, §6, §9).
 */
import type { PaidTierId } from '../../core/plans';

export interface PaidPlanContent {
  id: PaidTierId;
  summary: string;
  /** A short tag on the card, or null. */
  tag: string | null;
  features: string[];
}

export const STARTER_CONTENT: PaidPlanContent = {
  id: 'starter',
  summary: 'For one planner or cost engineer controlling a handful of projects.',
  tag: null,
  features: [
    'Import P6 .xer, Microsoft Project .xml/.mpp, Asta and Excel .xlsx',
    'AI column mapping for cost and schedule data',
    'SPI, CPI, EV, PV, AC, BAC, EAC, TCPI and variances',
    'Plain-English AI commentary on every status update',
    'Alerts on variance thresholds',
    'Export to PDF and Excel',
  ],
};

export const PROFESSIONAL_CONTENT: PaidPlanContent = {
  id: 'professional',
  summary: 'For project controls teams sharing one view of cost and schedule.',
  tag: 'For teams',
  features: [
    'Everything in Starter',
    'Team collaboration and sharing',
    'Role-based permissions',
    'API access',
    'Control-account breakdown',
    'Cash flow, baselines and change orders',
    'Earned schedule and Monte Carlo simulation',
  ],
};

export const ENTERPRISE_CONTENT = {
  summary: 'For organisations running portfolios across many sites and contractors.',
  features: [
    'Everything in Professional',
    'Single sign-on (SSO)',
    'Onboarding for your project controls team',
    'Terms and invoicing agreed with you',
  ],
};

/** "All plans include" (spec §2 Pricing). */
export const ALL_PLANS_INCLUDE: { title: string; text: string }[] = [
  { title: 'Every figure traceable', text: 'Open any metric to see how it was computed and which activities drive it.' },
  { title: 'Works offline', text: 'Installs as an app; a site laptop with no signal still analyses schedules.' },
  { title: 'Analysis on your device', text: 'Schedules are parsed and analysed in your browser, so big files do not wait on a server.' },
  { title: 'Sync when back online', text: 'Work done offline syncs to your team as soon as you reconnect.' },
  { title: 'Every schedule format', text: 'Primavera P6, Microsoft Project, Asta Powerproject and Excel on every plan.' },
  { title: 'Cancel anytime', text: 'Stop from Manage Subscription; access continues to the end of the paid period.' },
];
