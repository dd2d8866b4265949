import { LegalPage } from './legal/LegalPage';
import { PRIVACY_LEAD, PRIVACY_SECTIONS, PrivacySummary } from './legal/privacy';

export default function PrivacyPage() {
  return <LegalPage title="Privacy Policy" lead={PRIVACY_LEAD} intro={<PrivacySummary />} sections={PRIVACY_SECTIONS} />;
}
