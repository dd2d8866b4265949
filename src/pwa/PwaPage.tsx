import { ComingSoon } from '../ui/ComingSoon';

export default function PwaPage() {
  return (
    <ComingSoon
      title="Progressive Web App"
      description="The app's offline status: what is stored on this device, service-worker updates and sync state."
    />
  );
}
