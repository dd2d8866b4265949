import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dataApi } from '../../client/data';
import { useSession } from '../../client/session';
import { useSubscription, type SubscriptionStatus } from '../../client/subscription';
import { ENTERPRISE_TIER, TRIAL, planTier, projectAllowance } from '../../core/plans';
import { usePlanFlow } from '../../client/planFlow';
import { formatDate } from '../../core/format';
import { PageHeader } from '../../ui/PageHeader';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { toast } from '../../ui/toast';
import { openCustomerPortal } from './portal';
import { CloseAccountSection } from './CloseAccountSection';
import { DeviceDataSection } from './DeviceDataSection';
import { TeamSection } from './TeamSection';
import './account.css';

/** What the plan line says, in the order the spec resolves it. */
export function planSummary(s: SubscriptionStatus): { name: string; detail: string } {
  if (s.isAdmin) return { name: 'Administrator', detail: 'Full access with no limits, from your Earnest administrator role.' };
  if (s.isFreeUser) return { name: 'Complimentary', detail: 'Full access at no charge, granted by Earnest.' };
  const tierName = s.tier === 'enterprise' ? ENTERPRISE_TIER.name : (planTier(s.tier)?.name ?? null);
  if (s.isUsingTeamSubscription) return { name: `${tierName ?? 'Team'} (team plan)`, detail: "You use your team owner's subscription." };
  if (s.isOnTrial) {
    const days = s.trialDaysRemaining ?? 0;
    return { name: `${tierName ?? 'Starter'} trial`, detail: days === 1 ? 'Last day of your trial!' : `${days} days left in your free trial.` };
  }
  if (s.subscribed) {
    const interval = s.billingInterval === 'annual' ? 'billed annually' : s.billingInterval === 'monthly' ? 'billed monthly' : null;
    return { name: tierName ?? 'Subscribed', detail: [interval, s.subscriptionEnd ? `renews or ends on ${formatDate(s.subscriptionEnd.slice(0, 10))}` : null].filter(Boolean).join(', ') || 'Active.' };
  }
  // The trial starts on the explicit Start Free Trial click, never at sign-up (issue 18 item 1):
  // until then the account says so and offers the button; once used, only the plans remain.
  if (!s.trialUsed) return { name: `No subscription — start your ${TRIAL.durationDays}-day free trial`, detail: `${TRIAL.durationDays} days of Starter (${TRIAL.limits.users} user, ${TRIAL.limits.projects} projects). No payment required.` };
  return { name: 'No subscription', detail: 'Your free trial has ended. Choose a plan to use more projects and invite your team.' };
}

/** Whether the account page offers Start Free Trial: nobody's plan covers the user and their one trial is unused. */
export function offersTrial(s: SubscriptionStatus): boolean {
  return !s.loading && !s.isAdmin && !s.isFreeUser && !s.isUsingTeamSubscription && !s.isOnTrial && !s.subscribed && !s.trialUsed;
}

const limit = (n: number) => (n >= 999 ? 'Unlimited' : String(n));

/** /app/account: plan, trial, limits and usage, add-ons, billing, and the team. */
export default function AccountPage() {
  useDocumentTitle('Account');
  const user = useSession((s) => s.user);
  const status = useSubscription();
  const [projects, setProjects] = useState<number | null>(null);
  const [opening, setOpening] = useState(false);
  const { pending, startTrial } = usePlanFlow();
  useEffect(() => {
    dataApi()
      .listProjects()
      .then((p) => setProjects(p.length), () => setProjects(null));
  }, []);

  const summary = planSummary(status);
  const allowance = projects === null || status.loading ? null : projectAllowance(projects, status.totalProjects, status.isUsingTeamSubscription ? 'member' : 'owner');
  const warn = status.isOnTrial && (status.trialDaysRemaining ?? 0) <= 3;

  async function manage() {
    setOpening(true);
    const outcome = await openCustomerPortal();
    setOpening(false);
    if (outcome.kind === 'message') {
      toast({ title: outcome.title ?? '', description: outcome.description, variant: outcome.destructive ? 'destructive' : 'default' });
    }
  }

  return (
    <>
      <PageHeader title="Account" lead={user ? `Signed in as ${user.email}.` : undefined} />
      <div className="container account-page">
        <section className="account-section" aria-labelledby="account-plan">
          <h2 id="account-plan">Plan</h2>
          <div className={`card account-card${warn ? ' account-card--warn' : ''}`}>
            <div className="account-card-head">
              <p className="account-plan-name">{summary.name}</p>
              {status.loading ? <span className="muted">Checking...</span> : null}
            </div>
            <p className="muted">{summary.detail}</p>
            <dl className="account-limits">
              <div>
                <dt>Projects</dt>
                <dd>
                  {projects === null ? '—' : projects} used of {limit(status.totalProjects)}
                  {allowance?.limit != null ? (
                    // low/high/optimum make the browser colour the bar: amber at the limit, red beyond it.
                    <meter
                      min={0}
                      max={Math.max(allowance.limit, allowance.used)}
                      low={allowance.limit - 0.5}
                      high={allowance.limit + 0.5}
                      optimum={0}
                      value={allowance.used}
                      aria-label="Projects used"
                    />
                  ) : null}
                  {allowance?.advice ? (
                    <p className={`account-limit-advice${allowance.over ? ' account-limit-advice--over' : ''}`} role={allowance.over ? 'alert' : undefined}>
                      {allowance.advice}
                    </p>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>Users</dt>
                <dd>Up to {limit(status.totalUsers)} in the team, add-ons included</dd>
              </div>
              {status.baseProjects !== status.totalProjects || status.baseUsers !== status.totalUsers ? (
                <div>
                  <dt>Plan base</dt>
                  <dd>
                    {limit(status.baseProjects)} projects, {limit(status.baseUsers)} users
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>Add-ons</dt>
                <dd>
                  {status.addons.length === 0
                    ? 'None'
                    : status.addons.map((a) => `+${a.amount * a.quantity} ${a.kind}`).join(', ')}
                </dd>
              </div>
            </dl>
            <div className="button-row">
              {offersTrial(status) ? (
                <button type="button" className="btn btn-primary" onClick={() => void startTrial()} disabled={pending !== null} aria-busy={pending?.kind === 'trial' || undefined}>
                  {pending?.kind === 'trial' ? 'Processing...' : 'Start Free Trial'}
                </button>
              ) : null}
              <Link to="/pricing" className={offersTrial(status) ? 'btn btn-outline' : 'btn btn-primary'}>
                {status.subscribed ? 'Change plan' : 'See plans'}
              </Link>
              {!status.isUsingTeamSubscription && !status.isAdmin && !status.isFreeUser ? (
                <button type="button" className="btn btn-outline" onClick={manage} disabled={opening}>
                  {opening ? 'Opening...' : 'Manage subscription'}
                </button>
              ) : null}
            </div>
          </div>
        </section>
        {user ? <TeamSection userId={user.id} /> : null}
        <DeviceDataSection />
        {user ? <CloseAccountSection /> : null}
      </div>
    </>
  );
}
