import { ComingSoon } from '../ui/ComingSoon';

export default function SuccessPage() {
  return (
    <ComingSoon
      title="Payment Successful"
      description="Confirmation of your subscription and the next steps into the app."
    />
  );
}
