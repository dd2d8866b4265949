import { ComingSoon } from '../ui/ComingSoon';

export default function BlogPage() {
  return (
    <ComingSoon
      title="Blog"
      description="Articles on earned value, earned schedule, forecasting and project controls practice."
    />
  );
}
