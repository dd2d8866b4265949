import { Link } from 'react-router';
import { ADDONS, ENTERPRISE_TIER, PAID_TIER_IDS, PLAN_TIERS, TRIAL, type AddOn, type PaidTierId } from '../../core/plans';
import { LEGAL_ENTITY, STRIPE_PRIVACY_URL } from './entity';
import { LegalTable, type LegalSection } from './LegalPage';

/** The Terms of Service. Prices, limits and the trial come from src/core/plans, never retyped. */

const gbp = (n: number): string => `£${n.toLocaleString('en-GB')}`;
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const TERMS_LEAD =
  'The agreement between you and Earnest for using the Earnest web application, its free trial and its paid plans.';

const STARTER = PLAN_TIERS[TRIAL.tierDuringTrial];

export function TermsSummary() {
  return (
    <section className="legal-summary" aria-labelledby="terms-summary-title">
      <h2 id="terms-summary-title">The main points</h2>
      <ul>
        <li>
          The free trial gives you {TRIAL.durationDays} days of {STARTER.name}. <strong>No payment details are needed</strong> to
          start it, and nothing is charged when it ends.
        </li>
        <li>Paid plans renew monthly or annually until you cancel. You can cancel at any time and keep access until the end of the period you paid for.</li>
        <li>Upgrades take effect straight away and are pro-rated; downgrades take effect at the next billing cycle.</li>
        <li>Your schedules and project data are yours. We use them only to provide the service.</li>
        <li>Earnest’s figures support decisions; they are not professional advice. Check them against your own records.</li>
      </ul>
    </section>
  );
}

const TIER_ROWS: readonly PaidTierId[] = PAID_TIER_IDS;

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms are an agreement between you and {LEGAL_ENTITY.name} (“Earnest”, “we”, “us”), {LEGAL_ENTITY.registeredAddress}
          . They cover the Earnest web application, including the installed app and offline use, the free trial, paid plans and
          this website (together, the “service”).
        </p>
        <p>
          By creating an account, starting a trial or buying a plan you accept these terms. If you accept them for an organisation,
          you confirm that you may bind it, and “you” means that organisation. Earnest is offered for business and professional use;
          if you use it as a consumer, nothing in these terms affects your statutory rights.
        </p>
        <p>
          Our <Link to="/privacy">Privacy Policy</Link>, <Link to="/cookie-policy">Cookie Policy</Link> and{' '}
          <Link to="/legal-disclaimer">Legal Disclaimer</Link> form part of these terms. An Enterprise agreement signed with us takes
          precedence over these terms where the two differ.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <ul>
          <li>You must be at least 18 and give a working email address that you control.</li>
          <li>
            Keep your password to yourself and use a strong one. You are responsible for what is done through your account; tell us
            straight away if you think someone else has used it.
          </li>
          <li>
            An account is for one named person. Team members each need their own account; share access by inviting them to your
            team, not by sharing a sign-in.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'free-trial',
    title: 'The free trial',
    body: (
      <>
        <ul>
          <li>
            The free trial gives you {TRIAL.durationDays} days of the {STARTER.name} plan, limited to{' '}
            {plural(TRIAL.limits.users, 'user', 'users')} and {plural(TRIAL.limits.projects, 'project', 'projects')}.
          </li>
          <li>
            <strong>No payment details are needed to start the trial.</strong> We do not ask for a card, and nothing is charged
            during or after the trial.
          </li>
          <li>
            There is one free trial per person, and a trial cannot be started while you have an active subscription. We may refuse or
            end a trial that is used to get around this rule.
          </li>
          <li>
            When the trial ends, the paid features stop unless you choose a plan. Projects on your device stay there, and you can
            buy a plan at any time to carry on where you left off.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'plans-and-prices',
    title: 'Plans and prices',
    body: (
      <>
        <LegalTable
          caption="Paid plans (prices in pounds sterling)"
          columns={[
            { header: 'Plan', cell: (t: PaidTierId) => PLAN_TIERS[t].name, rowHeader: true },
            { header: 'Monthly', cell: (t: PaidTierId) => `${gbp(PLAN_TIERS[t].monthlyPrice)} a month` },
            { header: 'Annual', cell: (t: PaidTierId) => `${gbp(PLAN_TIERS[t].annualPrice)} a year` },
            {
              header: 'Included',
              cell: (t: PaidTierId) =>
                `${plural(PLAN_TIERS[t].baseUsers, 'user', 'users')}, ${plural(PLAN_TIERS[t].baseProjects, 'project', 'projects')}${
                  PLAN_TIERS[t].storageGb ? `, ${PLAN_TIERS[t].storageGb} GB storage` : ''
                }`,
            },
          ]}
          rows={TIER_ROWS}
          rowKey={(t) => t}
        />
        <p>
          <strong>{ENTERPRISE_TIER.name}</strong> is priced by agreement, with unlimited projects and users; its terms are set out
          in a written agreement with us. <Link to="/contact">Contact sales</Link> to discuss it.
        </p>
        <p>
          Prices are shown in pounds sterling on the <Link to="/pricing">pricing page</Link>. Any VAT or other tax that applies is
          shown at checkout before you pay. A struck-through price marked “New User Discount” is the standard price the discounted
          price is compared with.
        </p>
        <h3>Add-ons</h3>
        <p>You can add projects or users to a paid plan:</p>
        <LegalTable
          caption="Add-ons (prices in pounds sterling)"
          columns={[
            { header: 'Add-on', cell: (a: AddOn) => a.name, rowHeader: true },
            { header: 'Monthly', cell: (a: AddOn) => `${gbp(a.monthlyPrice)} a month` },
            { header: 'Annual', cell: (a: AddOn) => `${gbp(a.annualPrice)} a year` },
          ]}
          rows={ADDONS}
          rowKey={(a) => a.id}
        />
        <p>Add-ons are billed on the same cycle as your plan and end when your plan ends.</p>
      </>
    ),
  },
  {
    id: 'billing',
    title: 'Subscriptions, changes and cancellation',
    body: (
      <>
        <h3>Payment and renewal</h3>
        <p>
          Paid plans are subscriptions, billed in advance for a month or a year. They renew automatically at the end of each period
          at the price then in force until you cancel. Payments are taken by Stripe (see{' '}
          <a href="#third-parties">Third-party services</a>); we never see your card number.
        </p>
        <h3>Upgrades and downgrades</h3>
        <ul>
          <li>
            <strong>Upgrades</strong> (a higher plan, or more add-ons) take effect straight away. You pay a pro-rated amount for the
            rest of the current period, and the full new price from the next one.
          </li>
          <li>
            <strong>Downgrades</strong> (a lower plan, or fewer add-ons) take effect at the <strong>next billing cycle</strong>. You
            keep what you have paid for until then. If you then have more projects or users than the lower plan allows, you cannot
            add more until you are within its limits; nothing is deleted because of a downgrade.
          </li>
        </ul>
        <h3>Cancelling</h3>
        <p>
          You can <strong>cancel at any time</strong> from your account, with no questions asked. Your plan stays active until the
          end of the period you have paid for and then does not renew. We do not refund partial periods, except where the law
          requires it or we have broken these terms. Closing your account is different: it ends the plan at once (see{' '}
          <a href="#ending">Ending the agreement</a>).
        </p>
        <h3>Price changes and failed payments</h3>
        <p>
          We may change prices for future periods. We will tell you by email at least 30 days before a new price applies to your
          subscription, and you can cancel before it does. If a payment fails, Stripe will retry it and we will email you; if it is
          still unpaid after 14 days we may pause the paid features until it is paid.
        </p>
      </>
    ),
  },
  {
    id: 'teams',
    title: 'Teams',
    body: (
      <>
        <p>
          A subscriber can create a team and invite colleagues. Team members use the team owner’s subscription and count towards
          its user limit. The owner, and any admins the owner appoints, decide who is in the team and what role each member has
          (admin, editor or viewer).
        </p>
        <p>
          The team owner is responsible for the team’s subscription and for making sure members use the service in line with these
          terms. If the owner’s subscription ends, members lose the access it gave them.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    body: (
      <>
        <ul>
          <li>
            <strong>You own your data.</strong> Schedules, project data, reports and everything you put into Earnest (“customer
            data”) remain yours. We claim no rights over them.
          </li>
          <li>
            Projects you keep on your device never reach us. For projects you sync to a team, you give us a limited licence to store,
            copy and transmit that customer data only to provide the service to you and your team.
          </li>
          <li>
            For personal data within synced customer data we act as your processor: we process it only on your instructions (these
            terms and your use of the service), keep it confidential, protect it as described in the{' '}
            <Link to="/privacy#security">Privacy Policy</Link>, use only processors bound by the same duties, help you answer
            requests from individuals, and delete or return it when the service ends. A separate data processing agreement is
            available on request.
          </li>
          <li>We do not sell customer data and do not use it to train AI models.</li>
          <li>
            When a subscription ends we keep synced team data for 90 days so you can renew or ask for an export, then delete it. We
            email the team owner 14 days before, and never delete it sooner than 14 days after that email. When a team owner closes
            their account, their team’s synced data is deleted within 30 days.
          </li>
          <li>
            You are responsible for having the right to put customer data into Earnest and for keeping your own copies of your
            original schedule files.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You must not, and must not let anyone else:</p>
        <ul>
          <li>break the law, or infringe anyone’s rights, through the service;</li>
          <li>upload malicious files, or content you have no right to use;</li>
          <li>try to get into accounts, teams or data that are not yours, or get around usage limits, plan limits or security measures;</li>
          <li>probe, scan or load-test the service, or disrupt it, without our written permission;</li>
          <li>scrape the service, or use automated means to create accounts or trials;</li>
          <li>resell or sublicense the service, or copy or reverse engineer it except as the law allows;</li>
          <li>use the service to build a competing product.</li>
        </ul>
        <p>
          We may suspend access that breaks these rules or puts the service or other users at risk. Where we reasonably can, we
          will tell you first and give you a chance to put it right.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our intellectual property',
    body: (
      <p>
        The service, its software, design, documentation and the Earnest name belong to us or our licensors. While you keep to these
        terms we give you a non-exclusive, non-transferable right to use the service for your internal business purposes during your
        trial or subscription. If you send us suggestions, we may use them freely.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <>
        <p>
          Earnest is built so that work on your device carries on without a connection. The online parts (sign-in, team sync,
          billing) are provided with reasonable skill and care, but we do not promise that they will be uninterrupted or free of
          errors. We may need to take them offline for maintenance, which we try to do outside UK working hours, with notice where
          practical. Service levels with credits are available only under an Enterprise agreement.
        </p>
        <p>
          We improve Earnest continually and may change or remove features. We will not remove a core feature you pay for during a
          period you have paid for without telling you first; if a change substantially reduces what you get, you may cancel and we
          will refund the unused part of that period.
        </p>
      </>
    ),
  },
  {
    id: 'decision-support',
    title: 'Decision support, not advice',
    body: (
      <p>
        Earnest calculates earned value, earned schedule, forecasts, risk results and commentary from the schedule data you import.
        These are tools to support your judgement, not professional, financial, legal or engineering advice, and their accuracy
        depends on your data. Please read the <Link to="/legal-disclaimer">Legal Disclaimer</Link>.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    body: (
      <p>
        Payments are processed by Stripe, which acts as an independent controller of your payment data under its own terms and{' '}
        <a href={STRIPE_PRIVACY_URL} target="_blank" rel="noopener noreferrer">
          privacy policy
        </a>
        . We are not responsible for services we do not control, but we choose providers with care.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          <strong>Nothing in these terms limits or excludes liability</strong> for death or personal injury caused by negligence,
          for fraud or fraudulent misrepresentation, or for anything else that cannot be limited or excluded by law.
        </p>
        <p>Subject to that:</p>
        <ul>
          <li>
            neither of us is liable to the other for loss of profit, revenue, business, contracts, goodwill or anticipated savings,
            or for any indirect or consequential loss;
          </li>
          <li>
            we are not liable for decisions made using figures, forecasts or commentary produced by the service, or for losses that
            come from inaccurate or incomplete data you imported;
          </li>
          <li>
            we are not liable for the loss of projects kept only on your device (for example when browser data is cleared or a device
            is lost); syncing to a team and keeping your original files protect against this;
          </li>
          <li>
            our total liability to you arising out of or in connection with these terms, in contract, tort (including negligence) or
            otherwise, in any 12-month period is limited to the greater of the fees you paid us in the 12 months before the event
            giving rise to the claim and £100.
          </li>
        </ul>
        <p>
          You are liable for losses caused by your breach of the acceptable use rules or by customer data you had no right to use.
        </p>
      </>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <>
        <p>
          You can stop using Earnest and close your account at any time, on your account page. Closing cancels your subscription
          with immediate effect: the plan ends at once and the rest of the period is not refunded. While you own a team that has
          other members or pending invitations, make another member its owner, or remove them, before closing. We may end these terms or suspend your account if you
          seriously or repeatedly break them, if you do not pay, or if we stop providing the service, in which case we will give at
          least 60 days’ notice and refund any fees paid for the time after the service ends.
        </p>
        <p>
          When the agreement ends, your right to use the service ends. Data on your device remains there. When a subscription ends,
          synced team data is kept for 90 days for export and then deleted, as described in <a href="#your-data">Your data</a>; when
          you close your account, your account and your own team’s synced data are deleted within 30 days. Sections that by their nature
          should continue (including your data, liability and governing law) survive the end of the agreement.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms, for example for new features or changes in the law. The date at the top shows the current
        version. We will tell you about material changes by email or in the app at least 30 days before they apply; if you do not
        agree, you may cancel before then. Changes never apply to a period you have already paid for in a way that reduces what you
        paid for.
      </p>
    ),
  },
  {
    id: 'general',
    title: 'General',
    body: (
      <ul>
        <li>You may not transfer these terms without our consent; we may transfer them to a successor to our business with notice to you.</li>
        <li>Neither of us is liable for delay caused by events outside our reasonable control.</li>
        <li>If a court finds part of these terms unenforceable, the rest stays in force.</li>
        <li>Not enforcing a right straight away does not waive it.</li>
        <li>No one other than you and us has any right to enforce these terms under the Contracts (Rights of Third Parties) Act 1999.</li>
        <li>These terms, and the documents they refer to, are the whole agreement between us about the service.</li>
      </ul>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms, and any dispute or claim arising out of or in connection with them (including non-contractual disputes or
        claims), are governed by the law of <strong>England and Wales</strong>, and the courts of England and Wales have exclusive
        jurisdiction. If you are a consumer living elsewhere in the UK or in the EU, you may also bring proceedings where you live
        and keep the protection of its mandatory laws.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms, billing or your subscription: use the <Link to={LEGAL_ENTITY.contactPath}>contact page</Link> or
        write to {LEGAL_ENTITY.name}, {LEGAL_ENTITY.registeredAddress}.
      </p>
    ),
  },
];
