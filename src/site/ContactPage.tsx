import { ComingSoon } from '../ui/ComingSoon';

export default function ContactPage() {
  return (
    <ComingSoon
      title="Contact Us"
      docTitle="Contact"
      description="A way to reach the team for sales, support and partnership questions."
    />
  );
}
