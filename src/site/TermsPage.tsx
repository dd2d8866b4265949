import { ComingSoon } from '../ui/ComingSoon';

export default function TermsPage() {
  return (
    <ComingSoon
      title="Terms of Service"
      description="The terms that apply when you use Earnest and its subscriptions."
    />
  );
}
