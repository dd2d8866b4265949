import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepOldContactMessages } from '../../../server/retention';
import { harness, type Harness } from '../subscription/helpers';

const T0 = Date.parse('2024-03-10T09:00:00.000Z');

let h: Harness;
beforeEach(() => {
  h = harness('earnest-retention-contact-');
  h.clock.now = T0;
});
afterEach(() => h.close());

async function send(subject: string): Promise<void> {
  const res = await request(h.app)
    .post('/api/contact')
    .send({ name: 'Ada', email: 'ada@example.com', subject, message: 'When does the Professional plan renew?' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const subjects = async () =>
  (await h.store.db<{ subject: string }>('contact').allDocs({ include_docs: true })).rows.map((r) => r.doc!.subject).sort();

describe('contact-form retention (24 months after a message was sent)', () => {
  it('deletes messages older than 24 months, keeps younger ones, and is idempotent', async () => {
    await send('old one');
    h.clock.now = T0 + 60_000;
    await send('old two');
    h.clock.now = Date.parse('2025-06-01T00:00:00.000Z');
    await send('young');

    const now = Date.parse('2026-03-10T09:00:30.000Z'); // 24 months after T0, plus 30 s
    expect(await sweepOldContactMessages(h.store, now)).toBe(1);
    expect(await subjects()).toEqual(['old two', 'young']);

    expect(await sweepOldContactMessages(h.store, now + 120_000)).toBe(1);
    expect(await subjects()).toEqual(['young']);
    expect(await sweepOldContactMessages(h.store, now + 120_000)).toBe(0);
    expect(await subjects()).toEqual(['young']);
  });
});
