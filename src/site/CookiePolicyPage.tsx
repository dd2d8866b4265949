import { LegalPage } from './legal/LegalPage';
import { COOKIE_LEAD, COOKIE_SECTIONS } from './legal/cookies';

export default function CookiePolicyPage() {
  return <LegalPage title="Cookie Policy" lead={COOKIE_LEAD} sections={COOKIE_SECTIONS} />;
}
