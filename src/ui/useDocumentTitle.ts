import { useEffect } from 'react';
import { DEFAULT_DESCRIPTION, PAGE_DESCRIPTIONS } from './pageDescriptions';

export const SITE_NAME = 'Earnest';
export const HOME_TITLE = 'Earnest — Earned Value Management';

/** Sets `<meta name|property=…>` content, creating the tag when missing. */
function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/**
 * Sets document.title to "<title> — Earnest" (or the home title when none is given), and keeps the
 * page's Open Graph title, URL and canonical link in step (crawlers that run scripts read them);
 * and the description (given, or the page's entry in PAGE_DESCRIPTIONS, or the default).
 */
export function useDocumentTitle(title?: string, description?: string): void {
  useEffect(() => {
    const full = title ? `${title} — ${SITE_NAME}` : HOME_TITLE;
    document.title = full;
    const url = `${window.location.origin}${window.location.pathname}`;
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:url', url);
    let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = url;
    const text = description ?? PAGE_DESCRIPTIONS[window.location.pathname] ?? DEFAULT_DESCRIPTION;
    setMeta('name', 'description', text);
    setMeta('property', 'og:description', text);
  }, [title, description]);
}
