/** The meta description of each public page (search results and link previews show it). */
export const DEFAULT_DESCRIPTION =
  'Earned value management for project controls people: drop in a P6, MS Project or Excel schedule and see SPI, CPI, EAC, TCPI and earned schedule in seconds, even offline.';

export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '/': DEFAULT_DESCRIPTION,
  '/features':
    'Every earned value and earned schedule measure, forecasts, Monte Carlo risk, plain-English commentary, team sync and offline working: what Earnest does for project controls.',
  '/pricing':
    'Starter from £29 a month or £199 a year, Professional from £149 a month or £999 a year, Enterprise on request. Start a 14-day free trial with no payment details.',
  '/faq': 'Answers on the free trial, billing, importing P6, MS Project, Asta and Excel schedules, the EVM numbers, offline working, sync and security.',
  '/about': 'Why we built Earnest: earned value numbers that project controls people can trace, on site and offline.',
  '/contact': 'Talk to the Earnest team about sales, support or partnerships.',
  '/blog': 'Articles on earned value management, earned schedule, forecasting and project controls practice.',
  '/privacy': 'How Earnest handles personal data: local processing, team sync, payments by Stripe, analytics and your rights.',
  '/terms': 'The terms of the Earnest service: trial, subscriptions, acceptable use, your data and liability.',
  '/cookie-policy': 'The cookies and browser storage Earnest uses, what each is for, and how to change your choice.',
  '/legal-disclaimer': 'Earnest’s figures are decision support, not professional advice: what that means for how you use them.',
};
