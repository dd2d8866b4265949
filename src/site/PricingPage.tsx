import { ComingSoon } from '../ui/ComingSoon';

export default function PricingPage() {
  return (
    <ComingSoon
      title="Pricing"
      description="Starter, Professional and Enterprise plans with monthly or annual billing, add-ons for extra projects and users, and a 14-day free trial."
      hidePricingLink
    />
  );
}
