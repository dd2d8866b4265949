import { ComingSoon } from '../ui/ComingSoon';

export default function FeaturesPage() {
  return (
    <ComingSoon
      title="Features"
      description="A tour of Earnest's six feature groups — AI intelligence, analytics, collaboration, financial, automation and security — with a trial call to action and a way to contact sales."
    />
  );
}
