/** The overview's commentary on a phone: the first topic, then the titles of the rest (OverviewCommentary.tsx). */
import { describe, expect, it } from 'vitest';
import { firstTopicOnly } from '../../../src/app/project/overview/OverviewCommentary';
import { riverside } from '../dashboard/fixture';

describe('the commentary folded for a phone', () => {
  it('keeps every paragraph of the first topic and names each topic left out, in order', () => {
    const { commentary } = riverside();
    const topics = [...new Set(commentary.paragraphs.map((p) => p.topic))];
    expect(topics.length).toBeGreaterThan(1);
    const { shown, rest } = firstTopicOnly(commentary);
    expect(shown.paragraphs).toEqual(commentary.paragraphs.filter((p, i) => p.topic === topics[0] && commentary.paragraphs.slice(0, i).every((q) => q.topic === topics[0])));
    expect(shown.paragraphs.length).toBeGreaterThan(0);
    expect(rest).toContain('What to look at next');
    expect(rest).not.toContain('Status');
  });

  it('leaves a one-topic commentary whole', () => {
    const one = { paragraphs: [{ topic: 'status' as const, text: 'As at 1 Mar 2025, on plan.' }] };
    expect(firstTopicOnly(one)).toEqual({ shown: one, rest: [] });
  });
});
