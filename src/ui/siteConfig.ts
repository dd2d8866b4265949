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

/** The footer's social link. Placeholder handle: replace with the company's real page. */
export const SOCIAL_LINK = {
  label: 'Earnest on LinkedIn',
  href: 'https://www.linkedin.com/company/earnest-evm',
};
