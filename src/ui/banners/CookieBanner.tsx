import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CloseIcon } from '../Icons';
import { Tooltip } from '../Tooltip';
import { useCookieConsent } from './consent';
import './banners.css';

/**
 * §2 Cookie banner / §4 Cookie consent: shown only while `cookie-consent` is unset. Essential Only
 * and Accept All save the choice and hide it; X hides it for this view without saving (it comes
 * back on the next page load). It sits in the page's flow above the header (SiteLayout.tsx
 * `CookieTop`, banners.css says why), so it pushes the page down rather than covering any of it.
 */
export function CookieBanner() {
  const consent = useCookieConsent((s) => s.consent);
  const choose = useCookieConsent((s) => s.choose);
  const [closed, setClosed] = useState(false);
  const titleId = useId();
  const textId = useId();
  const shown = consent === null && !closed;
  if (!shown) return null;

  return (
    <section className="cookie-banner" role="region" aria-labelledby={titleId} aria-describedby={textId}>
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
