import { useEffect } from 'react';
import { Link } from 'react-router';
import { ENTERPRISE_TIER, PLAN_TIERS, isTierId } from '../core/plans';
import { useSession } from '../client/session';
import { useSubscription } from '../client/subscription';
import { checkSubscription } from '../client/subscriptionCheck';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { CheckIcon } from './pricing/CheckIcon';
import './pricing/paymentResult.css';

function tierName(tier: string | null): string | null {
  if (isTierId(tier)) return PLAN_TIERS[tier].name;
  if (tier === 'enterprise') return ENTERPRISE_TIER.name;
  return null;
}

/** What the subscription store says now, in one sentence (announced when it changes). */
function PlanStatus() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const { loading, subscribed, isOnTrial, tier, billingInterval } = useSubscription();
  let text: string;
  let confirmed = false;
  if (!signedIn) text = 'Sign in to see your plan: it is linked to the account you used at checkout.';
  else if (loading) text = 'Checking your subscription...';
  else if (subscribed && !isOnTrial) {
    const name = tierName(tier);
    const per = billingInterval === 'annual' ? ', billed annually' : billingInterval === 'monthly' ? ', billed monthly' : '';
    text = name ? `Your plan is now ${name}${per}.` : 'Your subscription is active.';
    confirmed = true;
  } else text = 'Your payment is being confirmed. This usually takes a few seconds; the app updates by itself once it has.';
  return (
    <p className={confirmed ? 'result-status result-status--confirmed' : 'result-status'} role="status">
      {text}
    </p>
  );
}

/** /success: back from checkout. The subscription status is rechecked at once so the new plan shows. */
export default function SuccessPage() {
  useDocumentTitle('Payment Successful');
  useEffect(() => {
    void checkSubscription();
  }, []);
  return (
    <>
      <PageHeader title="Payment Successful" eyebrow="Thank you" lead="Thank you for subscribing to Earnest. Your payment has been received." />
      <section className="container section-narrow result-section">
        <div className="card result-card">
          <PlanStatus />
          <h2>What happens now</h2>
          <ul className="result-steps">
            <li>
              <CheckIcon />
              <span>Your subscription status refreshes, and the trial banner and limits in the app follow your new plan.</span>
            </li>
            <li>
              <CheckIcon />
              <span>Your projects carry straight over: nothing needs to be imported again.</span>
            </li>
            <li>
              <CheckIcon />
              <span>
                Add projects or users, change your billing or cancel at any time from Manage Subscription on your{' '}
                <Link to="/app/account">account page</Link>.
              </span>
            </li>
          </ul>
          <div className="button-row">
            <Link to="/app" className="btn btn-primary btn-lg">
              Open the app
            </Link>
            <Link to="/app/account" className="btn btn-outline btn-lg">
              View your account
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
