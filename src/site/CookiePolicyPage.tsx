import { ComingSoon } from '../ui/ComingSoon';

export default function CookiePolicyPage() {
  return (
    <ComingSoon
      title="Cookie Policy"
      description="Which cookies and similar storage Earnest uses, and how to choose between essential and all cookies."
    />
  );
}
