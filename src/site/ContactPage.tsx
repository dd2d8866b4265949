import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../client/api';
import { useSession } from '../client/session';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { Field, FormMessage, SelectField } from './auth/Field';
import { CONTACT_EMAIL, REPLY_PROMISE, SUBJECTS } from './contact/config';
import { sendContactMessage } from './contact/contactApi';
import { fieldOfServerError, LIMITS, oneLine, validateContact, type ContactDraft, type ContactErrors } from './contact/validate';
import './contact/contact.css';

export const CONTACT_OFFLINE = 'You are offline: the contact form needs a connection. Your message is still here; send it when you are back online.';

/** `?subject=sales` (any case) preselects a subject, so "Contact Sales" links can say what they are about. */
function subjectFrom(params: URLSearchParams): string {
  const wanted = params.get('subject')?.toLowerCase();
  return SUBJECTS.find((s) => s.toLowerCase() === wanted) ?? '';
}

/** /contact: the contact form (POST /api/contact) and the other ways to reach us. */
export default function ContactPage() {
  useDocumentTitle('Contact');
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const [draft, setDraft] = useState<ContactDraft>(() => ({ name: '', email: user?.email ?? '', company: '', subject: subjectFrom(params), message: '' }));
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  const set = (k: keyof ContactDraft) => (v: string) => {
    setDraft((d) => ({ ...d, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };

  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const found = validateContact(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setFormError(CONTACT_OFFLINE);
      return;
    }
    setBusy(true);
    try {
      const email = draft.email.trim();
      await sendContactMessage(
        {
          name: oneLine(draft.name),
          email,
          company: oneLine(draft.company) || null,
          subject: draft.subject || null,
          message: draft.message.trim(),
          website,
        },
        user !== null,
      );
      setSentTo(email);
    } catch (err) {
      if (err instanceof ApiError && err.offline) setFormError(CONTACT_OFFLINE);
      else if (err instanceof ApiError && err.status === 400 && fieldOfServerError(err.message)) {
        setErrors({ [fieldOfServerError(err.message)!]: err.message });
        focusFirstInvalid();
      } else setFormError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function another() {
    setDraft((d) => ({ ...d, subject: '', message: '' }));
    setErrors({});
    setSentTo(null);
  }

  const length = draft.message.trim().length;
  return (
    <>
      <PageHeader
        title="Contact Us"
        lead={`Questions about plans, a problem with an import, or an idea for working together: write to us and a person on the team will reply ${REPLY_PROMISE}.`}
      />
      <div className="container contact-layout">
        {sentTo ? (
          <section className="card contact-done" role="status" aria-labelledby="contact-done-heading">
            <h2 id="contact-done-heading" ref={doneRef} tabIndex={-1}>
              Message sent
            </h2>
            <p>
              Thank you — we'll reply to <strong>{sentTo}</strong> {REPLY_PROMISE}.
            </p>
            <div className="button-row">
              <button type="button" className="btn btn-outline" onClick={another}>
                Send another message
              </button>
              <Link className="btn btn-ghost" to="/">
                Back to home
              </Link>
            </div>
          </section>
        ) : (
          <form ref={formRef} className="card contact-form" onSubmit={submit} noValidate aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading">Send us a message</h2>
            <p className="muted contact-required">All fields except company and subject are required.</p>
            <div className="contact-row">
              <Field label="Name" autoComplete="name" value={draft.name} onChange={set('name')} required error={errors.name} />
              <Field label="Email" type="email" autoComplete="email" value={draft.email} onChange={set('email')} required error={errors.email} />
            </div>
            <div className="contact-row">
              <Field label="Company" autoComplete="organization" value={draft.company} onChange={set('company')} error={errors.company} />
              <SelectField label="Subject" value={draft.subject} onChange={set('subject')} options={SUBJECTS} placeholder="Choose a subject" error={errors.subject} />
            </div>
            <Field
              label="Message"
              value={draft.message}
              onChange={set('message')}
              multiline
              required
              error={errors.message}
              hint={`${length} of ${LIMITS.message} characters. For an import problem, say which file type (P6 .xer, Project .xml, Excel) and what you saw.`}
            />
            {/* The honeypot: hidden from people and screen readers, out of the tab order; only bots fill it in. */}
            <div className="contact-hp" aria-hidden="true">
              <label htmlFor="contact-website">Website (leave this empty)</label>
              <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.target.value)} />
            </div>
            <FormMessage kind="error" text={formError} />
            <button type="submit" className="btn btn-primary btn-lg contact-submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send message'}
            </button>
            <p className="muted contact-fine">
              We use your details only to answer you. See the <Link to="/privacy">Privacy Policy</Link>.
            </p>
          </form>
        )}
        <aside className="contact-aside" aria-labelledby="contact-other-heading">
          <h2 id="contact-other-heading">Other ways to reach us</h2>
          <dl className="contact-ways">
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
              </dd>
            </div>
            <div>
              <dt>Sales and Enterprise</dt>
              <dd>Plans for larger teams, invoicing instead of card payment, security questionnaires.</dd>
            </div>
            <div>
              <dt>Support</dt>
              <dd>
                Problems importing a schedule or reading a figure. The <Link to="/faq">FAQ</Link> answers the common ones.
              </dd>
            </div>
            <div>
              <dt>When we answer</dt>
              <dd>Monday to Friday, UK working hours, {REPLY_PROMISE}.</dd>
            </div>
          </dl>
        </aside>
      </div>
    </>
  );
}
