import { ComingSoon } from '../ui/ComingSoon';

export default function LegalDisclaimerPage() {
  return (
    <ComingSoon
      title="Legal Disclaimer"
      description="The limits of the information and sample figures shown on this site."
    />
  );
}
