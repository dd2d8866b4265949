/**
 * Pricing questions (spec §2 Pricing: "a FAQ"; §9 for the add-on ranges and plan changes). Figures
 * come from src/core/plans so a price change cannot leave the answers behind.
 */
import { ADDONS, ANNUAL_SAVING_PERCENT, PLAN_TIERS, TRIAL, type AddOnKind } from '../../core/plans';

export interface FaqItem {
  question: string;
  answer: string;
}

function monthlyRange(kind: AddOnKind): string {
  const prices = ADDONS.filter((a) => a.kind === kind).map((a) => a.monthlyPrice);
  return `£${Math.min(...prices)}–£${Math.max(...prices)}`;
}

const starter = PLAN_TIERS.starter;
const pro = PLAN_TIERS.professional;

export const PRICING_FAQ: FaqItem[] = [
  {
    question: 'How does the free trial work?',
    answer: `You get ${TRIAL.durationDays} days of the Starter plan (${TRIAL.limits.users} user, ${TRIAL.limits.projects} projects). No payment is required to start it, and there is one trial per account.`,
  },
  {
    question: 'What happens when the trial ends?',
    answer: 'Choose Starter or Professional to keep full access. Your projects are kept, so you carry on where you left off.',
  },
  {
    question: 'What is the New User Discount?',
    answer: `New subscribers on monthly billing pay £${starter.monthlyPrice} a month for Starter instead of £${starter.originalMonthlyPrice}, and £${pro.monthlyPrice} for Professional instead of £${pro.originalMonthlyPrice}. Annual billing saves ${ANNUAL_SAVING_PERCENT}%.`,
  },
  {
    question: 'Can I add more projects or users?',
    answer: `Yes. Add-ons cost ${monthlyRange('projects')} a month for extra projects and ${monthlyRange('users')} a month for extra users, or less when paid annually.`,
  },
  {
    question: 'Can I change or cancel my plan?',
    answer: 'Yes, from Manage Subscription in your account. Upgrades are pro-rated and take effect straight away; downgrades take effect at the next billing cycle. If you cancel, access continues to the end of the period you have paid for.',
  },
  {
    question: 'Which currency do you charge in?',
    answer: 'All prices are in pounds sterling (GBP).',
  },
  {
    question: 'Do you offer plans for larger organisations?',
    answer: 'Enterprise gives unlimited projects and users, single sign-on and terms agreed with you. Contact Sales and we will put a quote together.',
  },
];
