import { Link } from 'react-router';
import {
  ANNUAL_SAVING_PERCENT,
  ENTERPRISE_TIER,
  NEW_USER_DISCOUNT_LABEL,
  PLAN_TIERS,
  TRIAL,
  monthlyEquivalentOfAnnual,
  type BillingInterval,
  type PaidTierId,
} from '../../core/plans';
import type { PlanAction } from '../../client/planFlow';
import { CheckIcon } from './CheckIcon';
import { ENTERPRISE_CONTENT, type PaidPlanContent } from './planContent';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Features({ items }: { items: string[] }) {
  return (
    <ul className="plan-features">
      {items.map((f) => (
        <li key={f}>
          <CheckIcon />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}

function Limits({ items, label }: { items: string[]; label: string }) {
  return (
    <ul className="plan-limits" aria-label={label}>
      {items.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

function Price({ tier, billing }: { tier: PaidTierId; billing: BillingInterval }) {
  const t = PLAN_TIERS[tier];
  if (billing === 'monthly') {
    return (
      <div className="plan-price">
        <p className="plan-discount">{NEW_USER_DISCOUNT_LABEL}</p>
        <p className="price-line">
          {t.originalMonthlyPrice !== null ? (
            <>
              <s className="price-was">
                <span className="sr-only">was </span>£{t.originalMonthlyPrice}
              </s>
              <span className="sr-only">, now </span>
            </>
          ) : null}
          <span className="price-amount">£{t.monthlyPrice}</span>
          <span className="price-per">/month</span>
        </p>
        <p className="price-note">Billed monthly</p>
      </div>
    );
  }
  return (
    <div className="plan-price">
      <p className="plan-discount plan-discount--save">Save {ANNUAL_SAVING_PERCENT}%</p>
      <p className="price-line">
        <span className="price-amount">£{t.annualPrice}</span>
        <span className="price-per">/year</span>
      </p>
      <p className="price-note">
        £{monthlyEquivalentOfAnnual(t.annualPrice)}/month, billed annually
      </p>
    </div>
  );
}

interface PaidPlanCardProps {
  content: PaidPlanContent;
  billing: BillingInterval;
  pending: PlanAction | null;
  onTrial?: () => void;
  onCheckout: (tier: PaidTierId, billing: BillingInterval) => void;
  featured?: boolean;
}

/** Starter or Professional: price for the chosen interval, limits, actions and features. */
export function PaidPlanCard({ content, billing, pending, onTrial, onCheckout, featured = false }: PaidPlanCardProps) {
  const t = PLAN_TIERS[content.id];
  const headingId = `plan-${content.id}`;
  const busy = pending !== null;
  const checkingOut = pending?.kind === 'checkout' && pending.tier === content.id;
  const trialRunning = pending?.kind === 'trial';
  return (
    <article className={featured ? 'plan-card plan-card--featured' : 'plan-card'} aria-labelledby={headingId}>
      <div className="plan-head">
        <h3 id={headingId}>{t.name}</h3>
        {content.tag ? <span className="badge">{content.tag}</span> : null}
      </div>
      <p className="plan-summary">{content.summary}</p>
      <Price tier={content.id} billing={billing} />
      <Limits
        label={`${t.name} limits`}
        items={[
          plural(t.baseUsers, 'user', 'users'),
          plural(t.baseProjects, 'project', 'projects'),
          `${t.storageGb ?? 0} GB storage`,
        ]}
      />
      <div className="plan-actions">
        {onTrial ? (
          <>
            <button type="button" className="btn btn-primary btn-lg" onClick={onTrial} disabled={busy} aria-busy={trialRunning || undefined}>
              {trialRunning ? 'Processing...' : 'Start Free Trial'}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-lg"
              onClick={() => onCheckout(content.id, billing)}
              disabled={busy}
              aria-busy={checkingOut || undefined}
            >
              {checkingOut ? 'Processing...' : `Choose ${t.name}`}
            </button>
            <p className="plan-fine">
              {TRIAL.durationDays}-day trial of Starter. No payment required.
            </p>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-lg"
            onClick={() => onCheckout(content.id, billing)}
            disabled={busy}
            aria-busy={checkingOut || undefined}
          >
            {checkingOut ? 'Processing...' : `Choose ${t.name}`}
          </button>
        )}
      </div>
      <Features items={content.features} />
    </article>
  );
}

/** Enterprise: custom price through Contact Sales (spec §9). */
export function EnterpriseCard() {
  return (
    <article className="plan-card" aria-labelledby="plan-enterprise">
      <div className="plan-head">
        <h3 id="plan-enterprise">{ENTERPRISE_TIER.name}</h3>
      </div>
      <p className="plan-summary">{ENTERPRISE_CONTENT.summary}</p>
      <div className="plan-price">
        <p className="plan-discount plan-discount--plain">Priced for your organisation</p>
        <p className="price-line">
          <span className="price-amount">Custom</span>
        </p>
        <p className="price-note">Quoted by our sales team</p>
      </div>
      <Limits label="Enterprise limits" items={['Unlimited users', 'Unlimited projects', 'Storage sized to your needs']} />
      <div className="plan-actions">
        <Link to="/contact" className="btn btn-outline btn-lg">
          {ENTERPRISE_TIER.ctaLabel}
        </Link>
      </div>
      <Features items={ENTERPRISE_CONTENT.features} />
    </article>
  );
}
