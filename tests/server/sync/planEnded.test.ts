/**
 * A team whose plan has ended is read-only through the sync gateway: members can still pull what
 * is there, but no device can push its copy back after the retention sweep cleared it. The same
 * end date drives both (server/retention/planEnd.ts).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planEndedMessage } from '../../../server/sync/errors';
import { harness, type Harness } from '../subscription/helpers';
import { bearer, buyLocal, DAY, homeTeam, startTrial, syncProjects } from '../retention/helpers';

const OWNER = 'user:owner@example.com';
let h: Harness;
let teamId: string;

beforeEach(async () => {
  h = harness('earnest-sync-plan-ended-');
  const token = await h.signup('owner@example.com');
  teamId = await homeTeam(h, token);
  await startTrial(h, token);
  await syncProjects(h, teamId, 1);
});
afterEach(() => h.close());

const put = async (id: string) =>
  request(h.app)
    .put(`/db/${teamId}/${encodeURIComponent(id)}`)
    .set('Authorization', bearer(await h.tokenFor(OWNER)))
    .send({ name: id });

describe('writes after the plan ends', () => {
  it('accepts writes during the trial and refuses them once it has ended, saying when and what to do', async () => {
    const trialStart = h.clock.now;
    expect((await put('project:during')).status).toBe(201);

    h.clock.now = trialStart + 15 * DAY;
    const refused = await put('project:after');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', reason: planEndedMessage(trialStart + 14 * DAY) });
    expect(refused.body.reason).toContain('ended on 15 March 2026');

    // Replication's bulk writes too, as a whole; a chunk is not let through either.
    const bulk = await request(h.app)
      .post(`/db/${teamId}/_bulk_docs`)
      .set('Authorization', bearer(await h.tokenFor(OWNER)))
      .send({ docs: [{ _id: 'act:p0:i1:00000' }] });
    expect(bulk.status).toBe(403);

    // Reads still work: the team's data can be pulled until the retention sweep removes it.
    const read = await request(h.app)
      .get(`/db/${teamId}/project%3Ap0`)
      .set('Authorization', bearer(await h.tokenFor(OWNER)));
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('Viaduct p0');
  });

  it('accepts writes again once the owner pays', async () => {
    h.clock.now += 20 * DAY;
    expect((await put('project:lapsed')).status).toBe(403);
    await buyLocal(h, await h.tokenFor(OWNER));
    expect((await put('project:renewed')).status).toBe(201);
  });
});
