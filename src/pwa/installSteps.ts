/**
 * The browsers' own install steps, as their menus name them, and what works without a connection.
 * Plain data so the install page and its tests read the same words.
 */
import type { InstallPlatform } from './installPrompt';

export interface InstallGuide {
  /** Which detected platforms this guide is for (first match is shown first, marked "Your browser"). */
  platforms: InstallPlatform[];
  id: string;
  title: string;
  /** Numbered steps; none when the browser has no install route (then the note says what to do). */
  steps: string[];
  note?: string;
}

export const INSTALL_GUIDES: InstallGuide[] = [
  {
    platforms: ['ios'],
    id: 'ios',
    title: 'iPhone and iPad (Safari)',
    steps: [
      'Open this page in Safari.',
      'Tap Share (the square with an arrow pointing up). If you cannot see it, tap ⋯ first.',
      'Tap Add to Home Screen; scroll down the list if it is not shown.',
      'Tap Add. Earnest appears on your Home Screen: open it from there.',
    ],
    note: 'On iOS and iPadOS 16.4 or later, Chrome and Edge have Add to Home Screen in their Share menu too.',
  },
  {
    platforms: ['desktop-chromium'],
    id: 'desktop',
    title: 'Chrome or Edge on a computer',
    steps: [
      'Chrome: click the install icon at the right of the address bar (a screen with a downward arrow), then Install.',
      'Edge: click App available in the address bar, then Install.',
      'No icon? In Chrome open the ⋮ menu → Cast, save and share → Install Earnest…; in Edge open the … menu → Apps → Install Earnest.',
      'Earnest opens in its own window and is listed with your other apps (Start menu, Launchpad or app launcher).',
    ],
  },
  {
    platforms: ['android'],
    id: 'android',
    title: 'Android (Chrome)',
    steps: [
      'Tap the ⋮ menu at the top right.',
      'Tap Install app (in some versions: Add to Home screen, then Install).',
      'Earnest appears on your home screen and in your app list.',
    ],
  },
  {
    platforms: ['mac-safari'],
    id: 'mac-safari',
    title: 'Safari on a Mac (macOS Sonoma or later)',
    steps: ['Choose File → Add to Dock…', 'Click Add. Earnest opens from the Dock in its own window.'],
  },
  {
    platforms: ['desktop-firefox'],
    id: 'firefox',
    title: 'Firefox on a computer',
    steps: [],
    note: 'Firefox on a computer has no option to install web apps, but Earnest works offline in a Firefox tab too. To give Earnest its own window, open this page in Chrome or Edge.',
  },
];

/** The guides with the one for `platform` first (unchanged order when none matches). */
export function guidesFor(platform: InstallPlatform): { guide: InstallGuide; yours: boolean }[] {
  const yours = INSTALL_GUIDES.filter((g) => g.platforms.includes(platform));
  const rest = INSTALL_GUIDES.filter((g) => !g.platforms.includes(platform));
  return [...yours.map((guide) => ({ guide, yours: true })), ...rest.map((guide) => ({ guide, yours: false }))];
}

export const WORKS_OFFLINE: string[] = [
  'Importing schedules: Primavera P6 .xer and XML, Microsoft Project XML (.xml), Excel and CSV.',
  'Analysis and dashboards: PV, EV, AC, the indices and forecasts, earned schedule, alerts and the commentary.',
  'The projects stored on this device, with every import in them.',
];

export const NEEDS_CONNECTION: string[] = [
  'Signing in: the first time on a device, and again after signing out.',
  'Syncing projects with your team.',
  'Your subscription and billing: plans, checkout and invoices.',
];
