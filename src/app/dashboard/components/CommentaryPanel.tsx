/**
 * The plain-English commentary under small headings by topic. Paragraphs keep the order they
 * were written in; consecutive paragraphs on one topic share a heading (h3: the page gives the
 * panel its h2).
 */
import type { Commentary, CommentaryParagraph, CommentaryTopic } from '../../../core/insight/commentary';

export const TOPIC_TITLES: Readonly<Record<CommentaryTopic, string>> = {
  status: 'Status',
  trend: 'Trend',
  forecast: 'Forecast',
  drivers: 'Drivers',
  next: 'What to look at next',
};

/** Paragraphs grouped into runs of one topic, in order. */
export function commentarySections(commentary: Commentary): { topic: CommentaryTopic; paragraphs: CommentaryParagraph[] }[] {
  const out: { topic: CommentaryTopic; paragraphs: CommentaryParagraph[] }[] = [];
  for (const p of commentary.paragraphs) {
    const last = out[out.length - 1];
    if (last && last.topic === p.topic) last.paragraphs.push(p);
    else out.push({ topic: p.topic, paragraphs: [p] });
  }
  return out;
}

export function CommentaryPanel({ commentary }: { commentary: Commentary }) {
  const sections = commentarySections(commentary);
  if (sections.length === 0) return <p className="commentary__empty">No commentary for this analysis.</p>;
  return (
    <div className="commentary">
      {sections.map((s, i) => (
        <section key={`${s.topic}-${i}`} className={`commentary__section commentary__section--${s.topic}`} aria-label={TOPIC_TITLES[s.topic] ?? s.topic}>
          <h3 className="commentary__heading">{TOPIC_TITLES[s.topic] ?? s.topic}</h3>
          {s.paragraphs.map((p, j) => (
            <p key={j}>{p.text}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
