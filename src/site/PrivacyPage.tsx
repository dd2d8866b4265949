import { ComingSoon } from '../ui/ComingSoon';

export default function PrivacyPage() {
  return (
    <ComingSoon
      title="Privacy Policy"
      description="How Earnest collects, uses and protects personal data."
    />
  );
}
