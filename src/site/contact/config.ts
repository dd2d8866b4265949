/**
 * Where people can write to besides the form. Set at build time with `VITE_CONTACT_EMAIL` (like
 * `VITE_SOCIAL_URL` in src/ui/siteConfig.ts); the default is a placeholder on the reserved
 * `.example` domain, so an unconfigured build never shows someone else's address.
 */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'hello@earnest.example';

/** The subjects the form offers (the server takes any line of text up to 200 characters). */
export const SUBJECTS = ['Sales', 'Support', 'Partnership', 'Other'] as const;
export type Subject = (typeof SUBJECTS)[number];

/** How soon we answer, as the confirmation and the page promise. */
export const REPLY_PROMISE = 'within one working day';
