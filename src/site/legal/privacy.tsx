import { Link } from 'react-router';
import { ICO, LEGAL_ENTITY, STRIPE_PRIVACY_URL } from './entity';
import { LegalTable, type LegalSection } from './LegalPage';
import { CONSENT_STORAGE_KEY, REFRESH_COOKIE_DAYS, REFRESH_COOKIE_NAME } from './storage';

/** The Privacy Policy: UK GDPR / EU GDPR and PECR, written for how Earnest actually handles data. */

export const PRIVACY_LEAD =
  'What personal data Earnest handles, where it is kept, why, for how long, and the rights you have over it.';

export function PrivacySummary() {
  return (
    <section className="legal-summary" aria-labelledby="privacy-summary-title">
      <h2 id="privacy-summary-title">The short version</h2>
      <ul>
        <li>
          Your schedules are read and analysed <strong>in your browser</strong>, on your device. They are not uploaded to us
          unless you choose to sync a project to a team.
        </li>
        <li>We keep what an account needs: your email address, a scrypt hash of your password and your subscription.</li>
        <li>Stripe takes card payments. We never see or store your card number.</li>
        <li>
          Product analytics run on our own server, only if you choose <strong>Accept All</strong>. There are no advertising or
          third-party trackers.
        </li>
        <li>We do not sell personal data, and we do not use your project data to train AI models.</li>
      </ul>
    </section>
  );
}

interface Purpose {
  purpose: string;
  data: string;
  basis: string;
}

const PURPOSES: readonly Purpose[] = [
  {
    purpose: 'Creating and running your account, signing you in, verifying your email, resetting your password',
    data: 'Email address, password hash, refresh-token hashes, account dates',
    basis: 'Contract (to provide the service you asked for)',
  },
  {
    purpose: 'Syncing projects to your team and controlling who can see and change them',
    data: 'Project documents you sync, team membership and roles, invitation emails',
    basis: 'Contract',
  },
  {
    purpose: 'Trials, subscriptions, add-ons, invoices and tax records',
    data: 'Plan, billing interval, subscription dates, Stripe customer and subscription ids, subscription events',
    basis: 'Contract; legal obligation (keeping accounting records)',
  },
  {
    purpose: 'Product analytics: page views, visit length and funnel steps, to see which parts of the product help people',
    data: 'Page address, event name and details, visit start and end, pages per visit; your user id when signed in',
    basis: 'Consent (only if you chose Accept All; you can withdraw it at any time)',
  },
  {
    purpose: 'Answering messages sent through the contact form',
    data: 'Name, email, company, subject and message; your user id if signed in',
    basis: 'Legitimate interests (replying to you); contract where the message is about your subscription',
  },
  {
    purpose: 'Keeping the service secure: rate limits, locking out password guessing, detecting reuse of a stolen session',
    data: 'IP address (in memory only), failed sign-in counts, refresh-token records',
    basis: 'Legitimate interests (protecting you and the service)',
  },
  {
    purpose: 'Service emails: verification and reset links, invitations, receipts and notices about your account',
    data: 'Email address, the content of the message',
    basis: 'Contract',
  },
];

interface Retention {
  what: string;
  howLong: string;
}

const RETENTION: readonly Retention[] = [
  {
    what: 'Projects stored on your device',
    howLong: 'Until you delete them or clear the site data in your browser. We cannot see or delete them.',
  },
  {
    what: 'Account (email address, password hash)',
    howLong:
      'While your account is open. When you close it (on your account page), it is deleted within 30 days, with your plan details, trial, roles, team memberships, the invitations you sent or accepted, and your own team with its synced projects.',
  },
  {
    what: 'Sign-in tokens',
    howLong: `Refresh tokens expire after ${REFRESH_COOKIE_DAYS} days and their records are removed within an hour of expiry; access tokens last 15 minutes. Email verification links expire after 48 hours, password reset links after 1 hour. Closing your account ends every sign-in at once and deletes these records within 30 days.`,
  },
  {
    what: 'Team project data synced to our server',
    howLong:
      'While the team exists and its owner’s plan (a trial or a paid subscription) has not ended. When it ends and is not renewed, the projects synced to the team are kept for 90 days from the end date so you can renew or ask for an export, then deleted from our server; the account, the team and its members stay. The team owner is emailed 14 days before the deletion, and it never happens sooner than 14 days after that email. When the team owner closes their account, their team’s synced projects are deleted within 30 days.',
  },
  {
    what: 'Billing records (plan, payments, invoices)',
    howLong:
      'Six years after the end of the financial year they relate to, as UK tax law requires. Stripe keeps the payment and invoice records. After you close your account we keep only the link between it and your Stripe customer record, for seven years from closing, then delete it; your plan details are deleted with the account.',
  },
  {
    what: 'Product analytics (events, sessions, funnel steps)',
    howLong:
      '24 months from when the page view, visit or funnel step happened, then deleted. Those linked to your user id are deleted within 30 days of you closing your account.',
  },
  {
    what: 'Contact-form messages',
    howLong: '24 months from when they were sent, then deleted. Closing your account does not delete them sooner.',
  },
  {
    what: 'IP addresses used for rate limits',
    howLong: 'Held in server memory for at most one hour; never written to our databases.',
  },
  {
    what: 'Backups',
    howLong: 'Overwritten on a rolling cycle of no more than 35 days, so deleted data leaves backups within that time.',
  },
];

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {LEGAL_ENTITY.name} (“Earnest”, “we”, “us”) provides the Earnest earned value management web application and this
          website. For the personal data described in this policy we are the <strong>controller</strong> under the UK General Data
          Protection Regulation (UK GDPR), the Data Protection Act 2018 and, where it applies to you, the EU General Data Protection
          Regulation (EU GDPR).
        </p>
        <address className="legal-address">
          {LEGAL_ENTITY.name}
          <br />
          {LEGAL_ENTITY.registeredAddress}
        </address>
        <p>
          You can reach us about anything in this policy through our <Link to={LEGAL_ENTITY.contactPath}>contact page</Link>{' '}
          (put “Privacy” in the subject) or by post at the address above.
        </p>
        <h3>When your organisation is the controller</h3>
        <p>
          Project data a team syncs to our server belongs to the organisation that owns the team. Schedules can contain personal
          data, such as resource names or activity owners. For that content your organisation is the controller and we act as
          its <strong>processor</strong>: we store and transmit it only to provide the service, on the organisation’s
          instructions, as set out in our <Link to="/terms#your-data">Terms of Service</Link>. Questions about that content are best
          sent to the organisation first.
        </p>
        <p>
          If your organisation runs Earnest’s sync on its own servers (for example its own Apache CouchDB), it controls the data
          held there and its own privacy notice applies to it.
        </p>
      </>
    ),
  },
  {
    id: 'on-your-device',
    title: 'What stays on your device',
    body: (
      <>
        <p>
          Earnest is built to work on a site laptop with no signal. When you import a schedule (a Primavera P6, Microsoft Project,
          Asta or Excel export), the file is read and analysed <strong>inside your browser</strong>, in Web Workers on your own
          device. The schedule, its status snapshots and everything computed from it are stored in your browser’s IndexedDB
          storage.
        </p>
        <p>
          None of this is sent to us unless you sync a project to a team (see <a href="#data-we-collect">Team sync</a>). Using the app signed out, or signed in
          without a team, keeps your projects on your device only. We cannot see them, recover them or delete them; clearing
          your browser’s site data for Earnest deletes them.
        </p>
        <p>
          Please protect the device itself: use an account password and full-disk encryption, as your organisation’s policy
          requires.
        </p>
      </>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The personal data we collect',
    body: (
      <>
        <h3>Your account</h3>
        <p>
          Your email address and password when you sign up. We store the password only as a salted scrypt hash, never in a form
          that can be read back. We record when the account was created, when your email was verified and when the password last
          changed. To keep you signed in we issue a refresh token in an httpOnly cookie (<code>{REFRESH_COOKIE_NAME}</code>); we
          store only a SHA-256 hash of it, with its expiry.
        </p>
        <h3>Team sync</h3>
        <p>
          If you create or join a team, we store the team’s name, its members’ user ids and email addresses, their roles (owner,
          admin, editor or viewer) and pending invitations. Projects you sync are replicated to that team’s own database on our
          server (or on the organisation’s CouchDB), together with who changed what and when. Every request to a team database
          is checked against the caller’s current membership and role: viewers can read, editors and above can change, and
          only owners and admins manage members.
        </p>
        <h3>Subscriptions and payments</h3>
        <p>
          We record your plan, billing interval, add-ons, trial dates and subscription dates, and the ids Stripe gives your
          customer record and subscription, plus subscription events (trial started, upgrade, downgrade, cancellation) as part of
          your billing history. Card details are entered on Stripe’s own pages and go directly to Stripe; we never see or store
          your card number. See <a href="#sharing">Who we share it with</a>.
        </p>
        <h3>Product analytics (only with your consent)</h3>
        <p>
          If you chose <strong>Accept All</strong> in the cookie banner, the site records page views, the start, end and length of
          each visit and the number of pages viewed, and funnel events such as viewing plans or starting a trial. When you are
          signed in these are linked to your user id, so we can understand how people move from trial to subscription. They are
          sent only to our own server. There are no third-party analytics, advertising or social-media trackers on Earnest. If
          you chose <strong>Essential Only</strong>, none of this is recorded.
        </p>
        <h3>Contact-form messages</h3>
        <p>
          Your name, email address, and optionally your company and subject, and your message. If you are signed in we also keep
          your user id so we can answer about your account. We do not record your IP address or browser details with the message.
        </p>
        <h3>Security data</h3>
        <p>
          To stop password guessing and abuse we count requests per IP address and failed sign-ins per account, in the server’s
          memory only, for up to an hour. We do not store IP addresses in our databases.
        </p>
        <p>We do not ask for, and ask you not to send us, special category data (such as health data).</p>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'Why we use it, and our lawful bases',
    body: (
      <>
        <LegalTable
          caption="Purposes of processing and the lawful basis for each (UK GDPR Article 6)"
          columns={[
            { header: 'Purpose', cell: (r: Purpose) => r.purpose, rowHeader: true },
            { header: 'Personal data', cell: (r: Purpose) => r.data },
            { header: 'Lawful basis', cell: (r: Purpose) => r.basis },
          ]}
          rows={PURPOSES}
          rowKey={(r) => r.purpose}
        />
        <p>
          Where we rely on legitimate interests we have weighed them against your rights; you can object (see <a href="#your-rights">Your rights</a>). We do not
          make decisions about you based solely on automated processing that have legal or similarly significant effects.
        </p>
      </>
    ),
  },
  {
    id: 'ai',
    title: 'The optional AI wording service',
    body: (
      <>
        <p>
          Earnest’s column mapping and its plain-English commentary are produced by rules that run in your browser; they send
          nothing anywhere. The service can also be configured with an optional external language-model endpoint that polishes
          the wording of the commentary. It is <strong>off unless we configure it</strong>, and nothing in Earnest depends on it.
        </p>
        <p>
          If we turn it on, we will name the provider in this policy before it is used, it will act as our processor under a
          written contract, and it will receive only the draft commentary and the summary figures it describes: never your
          schedule file, your account details or payment data. We do not allow it to use that text to train its models.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell or rent personal data, and we do not share it for advertising. We share it only with:</p>
        <ul>
          <li>
            <strong>Members of your team</strong>, who see the team’s projects and its member list according to their role.
          </li>
          <li>
            <strong>Stripe</strong>, which processes payments as an <strong>independent controller</strong> of your payment data
            (card details, billing address, fraud checks). Stripe’s use of that data is governed by its own{' '}
            <a href={STRIPE_PRIVACY_URL} target="_blank" rel="noopener noreferrer">
              privacy policy
            </a>
            .
          </li>
          <li>
            <strong>Our processors</strong>, who act only on our instructions under contracts that meet UK GDPR Article 28: our
            hosting and database provider, our email delivery provider (for verification, reset and invitation emails), and the
            AI wording provider if it is ever turned on (see <a href="#ai">the optional AI wording service</a>).
          </li>
          <li>
            <strong>Professional advisers and authorities</strong>, such as accountants, lawyers, HMRC or the police, when the law
            requires it or to establish, exercise or defend legal claims.
          </li>
          <li>
            <strong>A buyer or successor</strong> of our business, who would be bound by this policy for the data it receives.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <>
        <p>
          We host the service and its databases in the United Kingdom or the European Economic Area. Some processors, and
          Stripe, may handle data in other countries, including the United States. Where personal data leaves the UK or EEA we
          make sure it is protected by an adequacy decision (such as the UK–US data bridge for certified companies) or by the
          UK International Data Transfer Addendum or the EU Standard Contractual Clauses, with additional safeguards where
          needed. You can ask us for a copy of the safeguards that apply.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <LegalTable
          caption="Retention periods"
          columns={[
            { header: 'Data', cell: (r: Retention) => r.what, rowHeader: true },
            { header: 'How long we keep it', cell: (r: Retention) => r.howLong },
          ]}
          rows={RETENTION}
          rowKey={(r) => r.what}
        />
        <p>We may keep data longer only where the law requires it or while it is needed for a legal claim, and then only that data.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <>
        <ul>
          <li>All traffic between your browser and our server is encrypted with TLS.</li>
          <li>
            Passwords are stored only as salted scrypt hashes. Refresh tokens are stored only as SHA-256 hashes, rotate on every
            use, and a reused token revokes the whole sign-in. The refresh cookie is httpOnly, SameSite=Strict, Secure and sent
            only to the sign-in endpoints; access tokens last 15 minutes.
          </li>
          <li>
            Browsers reach team databases only through a gateway that allows replication alone and re-checks team membership on
            every request. Account, billing and analytics databases are never exposed to browsers.
          </li>
          <li>Sign-in, sign-up, password reset and the contact form are rate-limited, and repeated failed sign-ins lock the account temporarily.</li>
          <li>
            Schedule files are parsed in isolated Web Workers on your device with size and time limits, never on our server. A
            strict Content Security Policy limits what scripts can run on the site.
          </li>
          <li>Access to production systems is limited to the staff who need it.</li>
        </ul>
        <p>
          No system is perfectly secure. If a personal data breach is likely to put you at risk we will tell you, and the ICO
          where required, without undue delay.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under data protection law you have the right to:</p>
        <ul>
          <li>
            <strong>Access</strong>: get a copy of the personal data we hold about you.
          </li>
          <li>
            <strong>Rectification</strong>: have inaccurate or incomplete data corrected.
          </li>
          <li>
            <strong>Erasure</strong>: have your data deleted, unless we must keep it (for example billing records).
          </li>
          <li>
            <strong>Restriction</strong>: ask us to limit how we use your data while a question about it is settled.
          </li>
          <li>
            <strong>Portability</strong>: receive the data you gave us, including team project data we hold, in a structured,
            machine-readable format (JSON).
          </li>
          <li>
            <strong>Object</strong>: object to processing based on legitimate interests, and to any direct marketing at any time.
          </li>
          <li>
            <strong>Withdraw consent</strong>: for product analytics, by choosing again in the cookie banner (see the{' '}
            <Link to="/cookie-policy#your-choice">Cookie Policy</Link>). Withdrawing does not affect what was recorded before.
          </li>
        </ul>
        <p>
          To use any of these rights, write to us through the <Link to={LEGAL_ENTITY.contactPath}>contact page</Link>. We may ask
          you to confirm your identity, usually by replying from your account’s email address. We answer within one month, and
          there is no charge unless a request is manifestly unfounded or excessive.
        </p>
        <h3>Complaints</h3>
        <p>
          If you are unhappy with how we handle your data, please tell us first so we can put it right. You also have the right
          to complain to the{' '}
          <a href={ICO.url} target="_blank" rel="noopener noreferrer">
            {ICO.name}
          </a>{' '}
          (telephone {ICO.phone}) or, in the EU, to the data protection authority where you live or work.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          Earnest sets one cookie, <code>{REFRESH_COOKIE_NAME}</code>, which keeps you signed in. The rest is browser storage that
          makes the app work offline and remembers your choices, such as <code>{CONSENT_STORAGE_KEY}</code> for your cookie
          banner answer. Product analytics run only if you choose Accept All. The{' '}
          <Link to="/cookie-policy">Cookie Policy</Link> lists every item, what it is for and how long it lasts.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Earnest is a professional tool for businesses. It is not meant for anyone under 18, and we do not knowingly collect
        personal data from children. If you think a child has given us personal data, tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We update this policy when the way we handle data changes. The date at the top shows the latest version. If a change is
        significant, such as a new kind of data or a new purpose, we will tell signed-up users by email or in the app before it
        takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          For questions about this policy or your data, use the <Link to={LEGAL_ENTITY.contactPath}>contact page</Link> or write to:
        </p>
        <address className="legal-address">
          {LEGAL_ENTITY.name}
          <br />
          {LEGAL_ENTITY.registeredAddress}
        </address>
      </>
    ),
  },
];
