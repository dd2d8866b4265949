import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_BILLING_INTERVAL, TRIAL, type BillingInterval } from '../core/plans';
import { isBillingInterval, isPaidTier, usePlanFlow } from '../client/planFlow';
import { useSession } from '../client/session';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { AddOnsTable } from './pricing/AddOnsTable';
import { BillingToggle } from './pricing/BillingToggle';
import { CheckIcon } from './pricing/CheckIcon';
import { EnterpriseCard, PaidPlanCard } from './pricing/PlanCards';
import { PricingFaq } from './pricing/PricingFaq';
import { ALL_PLANS_INCLUDE, PROFESSIONAL_CONTENT, STARTER_CONTENT } from './pricing/planContent';
import './pricing/pricing.css';

// Structured data (JSON-LD) is not rendered here: the CSP forbids inline <script>; it is handled elsewhere.

/** /pricing: plans, the monthly/annual toggle, what every plan includes, add-ons and questions. */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  const [billing, setBilling] = useState<BillingInterval>(DEFAULT_BILLING_INTERVAL);
  const [params, setParams] = useSearchParams();
  const status = useSession((s) => s.status);
  const { pending, startTrial, startCheckout } = usePlanFlow();

  // Back from /auth (spec §4 Plan flow): `?tier=&billing=` starts checkout, `?trial=start` the
  // trial; the parameters leave the address first so a reload does not start them again.
  useEffect(() => {
    if (status !== 'signed-in') return;
    const tier = params.get('tier');
    const interval = params.get('billing');
    const trial = params.get('trial');
    if (isPaidTier(tier) && isBillingInterval(interval)) {
      const next = new URLSearchParams(params);
      next.delete('tier');
      next.delete('billing');
      setParams(next, { replace: true });
      setBilling(interval);
      void startCheckout(tier, interval);
    } else if (trial === 'start') {
      const next = new URLSearchParams(params);
      next.delete('trial');
      setParams(next, { replace: true });
      void startTrial();
    }
  }, [status, params, setParams, startCheckout, startTrial]);

  return (
    <>
      <PageHeader
        title="Pricing"
        eyebrow="Plans and pricing"
        lead={`Start with a ${TRIAL.durationDays}-day free trial of Starter, no payment required. Prices are in pounds sterling and you can cancel at any time.`}
      />

      <section className="pricing-section pricing-plans" aria-labelledby="plans-title">
        <div className="container">
          <h2 id="plans-title" className="sr-only">
            Plans
          </h2>
          <div className="billing-bar">
            <BillingToggle value={billing} onChange={setBilling} />
          </div>
          <div className="plan-grid">
            <PaidPlanCard content={STARTER_CONTENT} billing={billing} pending={pending} onTrial={() => void startTrial()} onCheckout={(t, b) => void startCheckout(t, b)} />
            <PaidPlanCard content={PROFESSIONAL_CONTENT} billing={billing} pending={pending} onCheckout={(t, b) => void startCheckout(t, b)} featured />
            <EnterpriseCard />
          </div>
        </div>
      </section>

      <section className="pricing-section pricing-included" aria-labelledby="included-title">
        <div className="container">
          <h2 id="included-title">All plans include</h2>
          <ul className="included-grid">
            {ALL_PLANS_INCLUDE.map((item) => (
              <li key={item.title} className="included-item">
                <CheckIcon />
                <div>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="pricing-section" aria-labelledby="addons-title">
        <div className="container pricing-split">
          <div>
            <h2 id="addons-title">Add-ons</h2>
            <p className="muted">
              Need more than your plan includes? Add projects or users to Starter or Professional from Manage Subscription in your
              account. Upgrades are pro-rated; downgrades take effect at the next billing cycle.
            </p>
          </div>
          <AddOnsTable billing={billing} />
        </div>
      </section>

      <section className="pricing-section pricing-faq-section" aria-labelledby="pricing-faq-title">
        <div className="container pricing-split">
          <div>
            <h2 id="pricing-faq-title">Pricing questions</h2>
            <p className="muted">
              More answers on the <Link to="/faq">FAQ page</Link>, or <Link to="/contact">contact us</Link>.
            </p>
          </div>
          <PricingFaq />
        </div>
      </section>
    </>
  );
}
