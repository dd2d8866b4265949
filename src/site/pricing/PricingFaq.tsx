import { PRICING_FAQ } from './pricingFaq';

/** Pricing questions as native disclosure widgets (keyboard and screen-reader friendly as they are). */
export function PricingFaq() {
  return (
    <div className="pricing-faq">
      {PRICING_FAQ.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>{item.question}</summary>
          <p>{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
