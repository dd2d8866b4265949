import { Link } from 'react-router';
import { ArrowRightIcon } from '../../ui/Icons';
import type { FaqItem } from './faqData';
import './faq.css';

interface FaqListProps {
  items: readonly FaqItem[];
  /** Open these questions initially (by id). */
  openIds?: readonly string[];
}

/**
 * Questions as native disclosure widgets (<details>/<summary>): keyboard operable (Enter or Space
 * on the question), announced as expandable, and readable with scripts off. Reused by /pricing.
 */
export function FaqList({ items, openIds = [] }: FaqListProps) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="faq-item" open={openIds.includes(item.id) || undefined}>
          <summary className="faq-question">
            <span>{item.question}</span>
            <svg className="faq-chevron" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <div className="faq-answer">
            {item.answer.map((para) => (
              <p key={para}>{para}</p>
            ))}
            {item.link ? (
              <p className="faq-link">
                <Link to={item.link.to}>
                  {item.link.label}
                  <ArrowRightIcon size={16} />
                </Link>
              </p>
            ) : null}
          </div>
        </details>
      ))}
    </div>
  );
}
