/** Every route of the product spec's table, with the h1 and document title the page shows. */
export interface RouteCase {
  path: string;
  heading: string;
  title: string;
}

export const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Know where your project really stands', title: 'Earnest — Earned Value Management' },
  { path: '/features', heading: 'Features', title: 'Features — Earnest' },
  { path: '/pricing', heading: 'Pricing', title: 'Pricing — Earnest' },
  { path: '/faq', heading: 'Frequently Asked Questions', title: 'FAQ — Earnest' },
  { path: '/about', heading: 'About Earnest', title: 'About — Earnest' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact — Earnest' },
  { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy — Earnest' },
  { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service — Earnest' },
  { path: '/cookie-policy', heading: 'Cookie Policy', title: 'Cookie Policy — Earnest' },
  { path: '/legal-disclaimer', heading: 'Legal Disclaimer', title: 'Legal Disclaimer — Earnest' },
  { path: '/success', heading: 'Payment Successful', title: 'Payment Successful — Earnest' },
  { path: '/cancel', heading: 'Payment Cancelled', title: 'Payment Cancelled — Earnest' },
  { path: '/auth', heading: 'Sign In', title: 'Sign In — Earnest' },
  { path: '/accept-invitation', heading: 'Accept Invitation', title: 'Accept Invitation — Earnest' },
  { path: '/blog', heading: 'Blog', title: 'Blog — Earnest' },
  { path: '/blog/category/cost-control', heading: 'Posts in Cost Control', title: 'Cost Control — Blog — Earnest' },
  { path: '/blog/tag/earned-schedule', heading: 'Posts tagged “earned-schedule”', title: '#earned-schedule — Blog — Earnest' },
  { path: '/blog/what-is-earned-schedule', heading: 'What Is Earned Schedule', title: 'What Is Earned Schedule — Blog — Earnest' },
  { path: '/blog-admin', heading: 'Blog Admin', title: 'Blog Admin — Earnest' },
  { path: '/pwa', heading: 'Progressive Web App', title: 'Progressive Web App — Earnest' },
  { path: '/pwa-install', heading: 'Install Earnest', title: 'Install Earnest — Earnest' },
];
