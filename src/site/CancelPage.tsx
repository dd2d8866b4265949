import { ComingSoon } from '../ui/ComingSoon';

export default function CancelPage() {
  return (
    <ComingSoon
      title="Payment Cancelled"
      description="Checkout was cancelled and nothing was charged. You can choose a plan again at any time."
    />
  );
}
