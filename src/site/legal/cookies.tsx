import { useState } from 'react';
import { Link } from 'react-router';
import { LEGAL_ENTITY } from './entity';
import { LegalTable, type LegalSection } from './LegalPage';
import {
  CATEGORY_LABEL,
  CONSENT_STORAGE_KEY,
  REFRESH_COOKIE_NAME,
  STORAGE_ITEMS,
  type StorageItem,
} from './storage';

/** The Cookie Policy (PECR): every cookie and storage item, what it is for, and how to choose. */

export const COOKIE_LEAD =
  'The one cookie Earnest sets, the browser storage it uses to work offline, and how to choose whether product analytics run.';

type Consent = 'essential' | 'all' | null;

function readConsent(): Consent {
  try {
    const v = localStorage.getItem(CONSENT_STORAGE_KEY);
    return v === 'essential' || v === 'all' ? v : null;
  } catch {
    return null;
  }
}

const CONSENT_TEXT: Record<'essential' | 'all', string> = {
  essential: 'Essential Only',
  all: 'Accept All',
};

/**
 * Shows the stored cookie-banner choice and lets the visitor make it again: the stored choice is
 * removed and the page reloads, so the banner (shown while no choice is stored) asks afresh.
 */
export function ConsentChoice() {
  const [consent] = useState<Consent>(readConsent);
  const chooseAgain = () => {
    try {
      localStorage.removeItem(CONSENT_STORAGE_KEY);
    } catch {
      // Storage unavailable: nothing was stored, so the banner asks anyway.
    }
    window.location.reload();
  };
  return (
    <div className="consent-panel">
      <p>
        {consent ? (
          <>
            Your current choice on this device: <strong>{CONSENT_TEXT[consent]}</strong>.
          </>
        ) : (
          <>You have not made a choice on this device yet.</>
        )}
      </p>
      <button type="button" className="btn btn-outline" onClick={chooseAgain}>
        Choose again
      </button>
    </div>
  );
}

export const COOKIE_SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-we-use',
    title: 'What we use and why',
    body: (
      <>
        <p>
          Cookies are small files a website asks your browser to keep. Earnest sets only one:{' '}
          <code>{REFRESH_COOKIE_NAME}</code>, which keeps you signed in. Everything else on this page is other browser storage
          (localStorage, sessionStorage, IndexedDB and the service worker’s cache). The law treats these the same way as cookies,
          so we list them all.
        </p>
        <p>They fall into two groups:</p>
        <ul>
          <li>
            <strong>Essential</strong>: needed for the site and app to work as you ask: signing in, remembering your choices,
            keeping your projects on your device and opening with no signal. They are always on, because Earnest cannot work
            without them.
          </li>
          <li>
            <strong>Analytics</strong>: our own product analytics (page views, visits and funnel steps), sent only to our server.
            They run only if you choose <strong>Accept All</strong>.
          </li>
        </ul>
        <p>
          We use no advertising cookies, no social-media pixels and no third-party analytics. Nothing on our pages is loaded from
          a tracker.
        </p>
      </>
    ),
  },
  {
    id: 'the-list',
    title: 'Every cookie and storage item',
    body: (
      <>
        <LegalTable
          caption="Cookies and browser storage used by Earnest"
          columns={[
            { header: 'Name', cell: (r: StorageItem) => <code>{r.name}</code>, rowHeader: true },
            { header: 'Stored in', cell: (r: StorageItem) => r.where },
            {
              header: 'Type',
              cell: (r: StorageItem) => (
                <span className={`storage-cat storage-cat--${r.category}`}>{CATEGORY_LABEL[r.category]}</span>
              ),
            },
            { header: 'Purpose', cell: (r: StorageItem) => r.purpose },
            { header: 'Duration', cell: (r: StorageItem) => r.duration },
          ]}
          rows={STORAGE_ITEMS}
          rowKey={(r) => r.name}
        />
        <p>
          The access token that authorises each request to our server is kept only in the page’s memory and disappears when you
          close the tab. The names ending in “…” carry your team’s id or a version number.
        </p>
      </>
    ),
  },
  {
    id: 'your-choice',
    title: 'Your choice',
    body: (
      <>
        <p>The first time you visit, a “Cookie Settings” banner asks you to choose:</p>
        <ul>
          <li>
            <strong>Essential Only</strong>: only the essential items above. No product analytics are recorded.
          </li>
          <li>
            <strong>Accept All</strong>: the essential items plus product analytics.
          </li>
        </ul>
        <p>
          Your answer is saved on this device as <code>{CONSENT_STORAGE_KEY}</code> (<code>essential</code> or <code>all</code>).
          Closing the banner with its × button hides it for the page you are on without saving a choice, and no analytics run
          until you choose Accept All.
        </p>
      </>
    ),
  },
  {
    id: 'change-your-choice',
    title: 'Changing your mind',
    body: (
      <>
        <p>You can change your choice at any time. Press “Choose again” and the cookie banner will ask you once more:</p>
        <ConsentChoice />
        <p>You can also:</p>
        <ul>
          <li>
            <strong>Sign out.</strong> Signing out clears Earnest’s localStorage and sessionStorage except your theme, so the banner
            asks again next time. It does not delete projects stored on your device.
          </li>
          <li>
            <strong>Clear site data in your browser.</strong> In Chrome or Edge: Settings › Privacy › Site settings (or Cookies and
            site data) › search for this site › Delete data. In Firefox: Settings › Privacy &amp; Security › Cookies and Site
            Data › Manage Data. In Safari: Settings › Privacy › Manage Website Data.
          </li>
        </ul>
        <p className="legal-note">
          <strong>Before clearing site data:</strong> it deletes everything Earnest keeps in your browser, including projects that
          are stored only on this device and changes not yet synced to your team. Sync or keep your original files first.
        </p>
        <p>
          Blocking all cookies and storage in your browser settings will stop you signing in and stop the app working offline.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: (
      <p>
        When you buy a plan, checkout opens on Stripe’s own pages, where Stripe sets its own cookies for payment and fraud
        prevention. Those are covered by Stripe’s cookie policy, not this one; Stripe sets nothing on Earnest’s pages. External
        links (for example to our LinkedIn page) take you to sites with their own policies.
      </p>
    ),
  },
  {
    id: 'more',
    title: 'More information and contact',
    body: (
      <p>
        How we handle the personal data these items relate to is explained in our <Link to="/privacy">Privacy Policy</Link>. We
        update this policy whenever we add, change or remove a cookie or storage item. Questions: use the{' '}
        <Link to={LEGAL_ENTITY.contactPath}>contact page</Link>.
      </p>
    ),
  },
];
