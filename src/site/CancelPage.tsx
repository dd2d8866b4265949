import { Link } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import './pricing/paymentResult.css';

/** /cancel: checkout was left before paying. */
export default function CancelPage() {
  useDocumentTitle('Payment Cancelled');
  return (
    <>
      <PageHeader title="Payment Cancelled" lead="You left checkout before paying. Nothing was charged." />
      <section className="container section-narrow result-section">
        <div className="card result-card">
          <h2>Nothing has changed</h2>
          <p>
            No payment was taken and your account stays as it was: if you are on the free trial, it carries on until it ends.
            You can choose a plan again whenever you are ready.
          </p>
          <div className="button-row">
            <Link to="/pricing" className="btn btn-primary btn-lg">
              Back to pricing
            </Link>
            <Link to="/contact" className="btn btn-outline btn-lg">
              Contact us
            </Link>
          </div>
          <p className="muted result-fine">
            Had a problem at checkout, or need an invoice instead of card payment? <Link to="/contact">Get in touch</Link> and we
            will help.
          </p>
        </div>
      </section>
    </>
  );
}
