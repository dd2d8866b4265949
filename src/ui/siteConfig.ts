/** Links shared by the navigation bar and the footer. */
export interface SiteLink {
  to: string;
  label: string;
}

export const NAV_LINKS: SiteLink[] = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/faq', label: 'FAQ' },
  { to: '/blog', label: 'Blog' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export const POLICY_LINKS: SiteLink[] = [
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/cookie-policy', label: 'Cookie Policy' },
  { to: '/legal-disclaimer', label: 'Legal Disclaimer' },
];

/**
 * The footer's social link. The company page is set at build time (`VITE_SOCIAL_URL`, README
 * "Configuration"), so a deployment points at its own page without a code change.
 */
export const SOCIAL_LINK = {
  label: import.meta.env.VITE_SOCIAL_LABEL || 'Earnest on LinkedIn',
  href: import.meta.env.VITE_SOCIAL_URL || 'https://www.linkedin.com/company/earnest-evm',
};
