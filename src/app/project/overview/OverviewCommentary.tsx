/**
 * The overview's commentary. On a phone the whole text is several screens long, so the first topic
 * (the status) shows and the rest opens on request; wider screens show it all, in two columns.
 */
import { useEffect, useState } from 'react';
import type { Commentary } from '../../../core/insight/commentary';
import { CommentaryPanel, commentarySections, TOPIC_TITLES } from '../../dashboard/components';

const PHONE = '(max-width: 599px)';

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

/** The commentary with only its first topic, and the titles of the topics left out. */
export function firstTopicOnly(commentary: Commentary): { shown: Commentary; rest: string[] } {
  const sections = commentarySections(commentary);
  if (sections.length <= 1) return { shown: commentary, rest: [] };
  return { shown: { paragraphs: sections[0].paragraphs }, rest: sections.slice(1).map((s) => TOPIC_TITLES[s.topic] ?? s.topic) };
}

export function OverviewCommentary({ commentary }: { commentary: Commentary }) {
  const phone = usePhone();
  const [all, setAll] = useState(false);
  if (!phone || all) return <CommentaryPanel commentary={commentary} />;
  const { shown, rest } = firstTopicOnly(commentary);
  return (
    <>
      <CommentaryPanel commentary={shown} />
      {rest.length ? (
        <button type="button" className="btn btn-outline btn-sm overview__more" onClick={() => setAll(true)}>
          Read the rest: {rest.join(', ')}
        </button>
      ) : null}
    </>
  );
}
