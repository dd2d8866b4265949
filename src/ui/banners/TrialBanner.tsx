import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useSubscription } from '../../client/subscription';
import {
  isTrialWarning,
  shouldShowTrialBanner,
  trialBannerHeadline,
  trialBannerText,
  TRIAL_BANNER_CTA,
  TRIAL_BANNER_SUBTEXT,
} from '../../core/plans/trial';
import './banners.css';

/** The words of the banner for `days` left: the headline, or at 3 days or fewer the warning text. */
export function trialBannerMessage(days: number): { warning: boolean; text: string } {
  const warning = isTrialWarning(days);
  return { warning, text: warning ? trialBannerText(days) : trialBannerHeadline(days) };
}

/**
 * §2 Trial banner: sticky at the top (SiteLayout puts it above the navigation bar), shown only to
 * users on a trial who are not admin, not free and not subscribed. Warning style at 3 days or fewer.
 */
export function TrialBanner() {
  const status = useSubscription(
    useShallow((s) => ({
      isOnTrial: s.isOnTrial,
      isAdmin: s.isAdmin,
      isFreeUser: s.isFreeUser,
      subscribed: s.subscribed,
      days: s.trialDaysRemaining,
    })),
  );
  if (!shouldShowTrialBanner(status) || status.days === null) return null;
  const { warning, text } = trialBannerMessage(status.days);

  return (
    <section className={warning ? 'trial-banner trial-banner--warning' : 'trial-banner'} aria-label="Free trial" data-days={status.days}>
      <div className="container trial-banner__inner">
        <svg className="trial-banner__icon" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          {warning ? (
            <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0zM12 9v4M12 17h.01" />
          ) : (
            <>
              <circle cx="12" cy="12" r="10" />
              <path d="M12 6v6l4 2" />
            </>
          )}
        </svg>
        <p className="trial-banner__text">
          <strong className="trial-banner__headline">{text}</strong> <span className="trial-banner__sub">{TRIAL_BANNER_SUBTEXT}</span>
        </p>
        <Link to="/pricing" className="btn btn-sm trial-banner__cta">
          {TRIAL_BANNER_CTA}
        </Link>
      </div>
    </section>
  );
}

export default TrialBanner;
