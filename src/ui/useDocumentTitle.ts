import { useEffect } from 'react';

export const SITE_NAME = 'Earnest';
export const HOME_TITLE = 'Earnest — Earned Value Management';

/** Sets document.title to "<title> — Earnest" (or the home title when none is given). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} — ${SITE_NAME}` : HOME_TITLE;
  }, [title]);
}
