import { ComingSoon } from '../ui/ComingSoon';

export default function FaqPage() {
  return (
    <ComingSoon
      title="Frequently Asked Questions"
      docTitle="FAQ"
      description="Answers about the free trial, plans and add-ons, supported schedule files and working offline."
    />
  );
}
