/* Line icons for the home page's tiles and cards (24px grid, decorative: aria-hidden). */
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export const ICONS = {
  construction: (
    <Icon>
      <path d="M3 21h18M6 21V9l6-5 6 5v12M10 21v-5h4v5" />
    </Icon>
  ),
  rail: (
    <Icon>
      <rect x="5" y="3" width="14" height="13" rx="3" />
      <path d="M5 10h14M9 16l-3 5M15 16l3 5M8.5 13h.01M15.5 13h.01" />
    </Icon>
  ),
  energy: (
    <Icon>
      <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8z" />
    </Icon>
  ),
  engineering: (
    <Icon>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
    </Icon>
  ),
  infrastructure: (
    <Icon>
      <path d="M2 18h20M4 18v-6M20 18v-6M2 12c4 0 6-5 10-5s6 5 10 5M9 18v-4M15 18v-4" />
    </Icon>
  ),
  defence: (
    <Icon>
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3z" />
    </Icon>
  ),
  aviation: (
    <Icon>
      <path d="M2 16l20-6-3-2-7 2-5-6H5l3 7-4 1-2-2H1l1 6z" />
    </Icon>
  ),
  utilities: (
    <Icon>
      <path d="M12 3s6 6.6 6 11a6 6 0 0 1-12 0c0-4.4 6-11 6-11z" />
    </Icon>
  ),
  file: (
    <Icon>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6z" />
      <path d="M14 3v6h6M8 13h8M8 17h5" />
    </Icon>
  ),
  gauge: (
    <Icon>
      <path d="M12 14l4-4M3.3 17a9 9 0 1 1 17.4 0" />
      <circle cx="12" cy="14" r="1.5" />
    </Icon>
  ),
  clock: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Icon>
  ),
  message: (
    <Icon>
      <path d="M21 15a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      <path d="M8 8h8M8 12h5" />
    </Icon>
  ),
  layers: (
    <Icon>
      <path d="m12 2 10 5-10 5L2 7l10-5z" />
      <path d="m2 17 10 5 10-5M2 12l10 5 10-5" />
    </Icon>
  ),
  offline: (
    <Icon>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4M9 10l2 2 4-4" />
    </Icon>
  ),
  upload: (
    <Icon>
      <path d="M12 16V4M7 9l5-5 5 5M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </Icon>
  ),
  analyse: (
    <Icon>
      <path d="M3 3v18h18" />
      <path d="m7 15 4-4 3 3 5-6" />
    </Icon>
  ),
  decide: (
    <Icon>
      <path d="M9 11l3 3 8-8" />
      <path d="M20 12v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h11" />
    </Icon>
  ),
  team: (
    <Icon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
    </Icon>
  ),
  pound: (
    <Icon>
      <path d="M17 6.5A4 4 0 0 0 9.5 8v12M6.5 13h8M6 20h12" />
    </Icon>
  ),
  check: (
    <Icon>
      <path d="M20 6 9 17l-5-5" />
    </Icon>
  ),
} as const;

export type IconName = keyof typeof ICONS;
