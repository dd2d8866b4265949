import { ComingSoon } from '../ui/ComingSoon';

export default function PwaInstallPage() {
  return (
    <ComingSoon
      title="Install Earnest"
      description="How to install Earnest on your laptop, tablet or phone so it opens like any other app and works with no signal."
    />
  );
}
