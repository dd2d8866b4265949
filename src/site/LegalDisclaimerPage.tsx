import { LegalPage } from './legal/LegalPage';
import { DISCLAIMER_LEAD, DISCLAIMER_SECTIONS, DisclaimerSummary } from './legal/disclaimer';

export default function LegalDisclaimerPage() {
  return (
    <LegalPage title="Legal Disclaimer" lead={DISCLAIMER_LEAD} intro={<DisclaimerSummary />} sections={DISCLAIMER_SECTIONS} />
  );
}
