/** The product tour's tabs (product spec §2 Home: "Product Tour with tabs Dashboard, Analyser and Alerts"). */
export type TourTabId = 'dashboard' | 'analyser' | 'alerts';

export const TOUR_TABS: readonly { id: TourTabId; name: string; hint: string }[] = [
  { id: 'dashboard', name: 'Dashboard', hint: 'Key figures and the S-curve' },
  { id: 'analyser', name: 'Analyser', hint: 'Control accounts and commentary' },
  { id: 'alerts', name: 'Alerts', hint: 'Threshold breaches, worst first' },
];
