import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { FAQ_GROUPS } from './faq/faqData';
import { FaqList } from './faq/FaqList';
import './faq/faq.css';

/** Opens and scrolls to the question or group named in the address (/faq#trial-payment-details). */
function useOpenFromHash() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    target.scrollIntoView();
  }, [hash]);
}

export default function FaqPage() {
  useDocumentTitle('FAQ');
  useOpenFromHash();
  return (
    <>
      <PageHeader
        title="Frequently Asked Questions"
        eyebrow="FAQ"
        lead="The free trial and billing, importing schedules, how the numbers are calculated, working offline, and keeping team data safe."
      />
      <div className="container faq-page">
        <nav className="faq-jump" aria-labelledby="faq-jump-title">
          <p id="faq-jump-title" className="faq-jump-title">
            Topics
          </p>
          <ul>
            {FAQ_GROUPS.map((g) => (
              <li key={g.id}>
                <a className="chip" href={`#${g.id}`}>
                  {g.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="faq-main">
          <div className="faq-groups">
            {FAQ_GROUPS.map((g) => (
              <section key={g.id} id={g.id} className="faq-group" aria-labelledby={`${g.id}-title`}>
                <h2 id={`${g.id}-title`}>{g.title}</h2>
                <FaqList items={g.items} />
              </section>
            ))}
          </div>
          <section className="card faq-more" aria-labelledby="faq-more-title">
            <h2 id="faq-more-title">Still have a question?</h2>
            <p>Ask us about your schedules, your team or an Enterprise agreement, and we will get back to you.</p>
            <div className="button-row">
              <Link to="/contact" className="btn btn-primary">
                Contact us
              </Link>
              <Link to="/pricing" className="btn btn-outline">
                See plans and pricing
              </Link>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
