import { ComingSoon } from '../ui/ComingSoon';

export default function AboutPage() {
  return (
    <ComingSoon
      title="About Earnest"
      docTitle="About"
      description="Who builds Earnest and why: earned value management that project controls people can trust and trace."
    />
  );
}
