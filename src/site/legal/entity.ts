/**
 * Who stands behind the legal pages, and when they last changed.
 *
 * OPERATOR: before going live, replace `registeredAddress` (and add a company number if you have
 * one) with your own details. The placeholder below is deliberately visible so it cannot be
 * mistaken for a real address.
 */
export const LEGAL_ENTITY = {
  /** The controller named in the Privacy Policy and the supplier named in the Terms. */
  name: 'Earnest',
  /** OPERATOR: your registered office address, on one line. */
  registeredAddress: '[Registered address to be added by the operator]',
  /** Where people reach us: the contact form. */
  contactPath: '/contact',
} as const;

/** The "Last updated" date every legal page shows. Change it whenever a legal text changes. */
export const LEGAL_LAST_UPDATED = { iso: '2026-11-25', text: '25 November 2026' } as const;

/** The UK supervisory authority for data protection. */
export const ICO = {
  name: "Information Commissioner's Office (ICO)",
  url: 'https://ico.org.uk/make-a-complaint/',
  phone: '0303 123 1113',
} as const;

export const STRIPE_PRIVACY_URL = 'https://stripe.com/gb/privacy';
