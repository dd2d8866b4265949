import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../Icons';
import { Tooltip } from '../Tooltip';
import { useCookieConsent } from './consent';
import './banners.css';

/**
 * While the banner floats over the page, the page gets room below its content as tall as the
 * banner (`--cookie-banner-room`, styles.css): whatever the banner covers can be scrolled above it,
 * so it never hides an action for good (a short page's buttons sat under it with no way to reach them).
 */
function useBannerRoom(banner: RefObject<HTMLElement | null> | null): void {
  useEffect(() => {
    const el = banner?.current;
    if (!el) return;
    const root = document.documentElement;
    const set = () => root.style.setProperty('--cookie-banner-room', `${Math.ceil(el.getBoundingClientRect().height) + 24}px`);
    set();
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(set);
    watch?.observe(el);
    return () => {
      watch?.disconnect();
      root.style.removeProperty('--cookie-banner-room');
    };
  }, [banner]);
}

/**
 * §2 Cookie banner / §4 Cookie consent: shown only while `cookie-consent` is unset. Essential Only
 * and Accept All save the choice and hide it; X hides it for this view without saving (it comes
 * back on the next page load).
 */
export function CookieBanner() {
  const consent = useCookieConsent((s) => s.consent);
  const choose = useCookieConsent((s) => s.choose);
  const [closed, setClosed] = useState(false);
  const titleId = useId();
  const textId = useId();
  const shown = consent === null && !closed;
  const banner = useRef<HTMLElement>(null);
  useBannerRoom(shown ? banner : null);

  if (!shown) return null;

  return (
    <section ref={banner} className="cookie-banner" role="region" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="cookie-banner__inner">
        <div className="cookie-banner__head">
          <h2 id={titleId} className="cookie-banner__title">
            Cookie Settings
          </h2>
          <Tooltip content="Close">
            <button type="button" className="cookie-banner__close" aria-label="Close" onClick={() => setClosed(true)}>
              <CloseIcon size={18} />
            </button>
          </Tooltip>
        </div>
        <p id={textId} className="cookie-banner__text">
          We use essential cookies to ensure our website functions properly, such as keeping you signed in and remembering your settings. With your
          permission we would also use analytics cookies to see which pages are used, so we can improve them.{' '}
          <Link to="/cookie-policy">Learn more in our Cookie Policy</Link>
        </p>
        <div className="cookie-banner__actions">
          <button type="button" className="btn btn-outline" onClick={() => choose('essential')}>
            Essential Only
          </button>
          <button type="button" className="btn btn-primary" onClick={() => choose('all')}>
            Accept All
          </button>
        </div>
      </div>
    </section>
  );
}

export default CookieBanner;
