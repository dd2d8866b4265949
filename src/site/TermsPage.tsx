import { LegalPage } from './legal/LegalPage';
import { TERMS_LEAD, TERMS_SECTIONS, TermsSummary } from './legal/terms';

export default function TermsPage() {
  return <LegalPage title="Terms of Service" lead={TERMS_LEAD} intro={<TermsSummary />} sections={TERMS_SECTIONS} />;
}
