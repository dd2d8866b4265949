/**
 * Teams that members and strangers cannot abuse (issue 11): the admin role is the owner's to give
 * and take (item 6); invitation mail is limited per team and per address, across revoke and
 * re-invite and across a restart, and team names carry no control characters into mail (item 7).
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { profileDocId } from '../../../server/subscription';
import { getMembership, getTeam } from '../../../server/teams';
import { teamDocId } from '../../../server/store/ids';
import { harness, SECRET, type Harness } from '../subscription/helpers';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-teams-abuse-');
});
afterEach(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function homeTeam(token: string): Promise<string> {
  const res = await request(h.app).get('/api/teams').set(auth(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.teams as { id: string; is_home: boolean }[]).find((t) => t.is_home)!.id;
}

async function subscribe(userId: string, maxUsers: number) {
  await h.store.db('accounts').put({
    _id: profileDocId(userId),
    type: 'profile',
    id: userId,
    subscription_tier: 'professional',
    subscription_status: 'active',
    subscription_end: '2027-03-01T00:00:00.000Z',
    max_users: maxUsers,
    max_projects: 10,
  });
}

type Mail = { to: string; subject: string; text: string };
async function outbox(app = h.app): Promise<Mail[]> {
  return (await request(app).get('/api/dev/outbox')).body.messages as Mail[];
}
const invitationMails = async (to?: string) => (await outbox()).filter((m) => / invited you to /.test(m.subject) && (!to || m.to === to));

const invite = (token: string, teamId: string, email: string, role = 'editor', app = h.app) =>
  request(app).post(`/api/teams/${teamId}/invitations`).set(auth(token)).send({ email, role });
const revoke = (token: string, teamId: string, email: string) =>
  request(h.app).delete(`/api/teams/${teamId}/invitations/${encodeURIComponent(email)}`).set(auth(token));

async function join(teamId: string, ownerToken: string, email: string, role: string): Promise<string> {
  const token = await h.signup(email);
  expect((await invite(ownerToken, teamId, email, role)).status).toBe(201);
  const mail = (await invitationMails(email)).at(-1)!;
  const link = decodeURIComponent(/\/accept-invitation\?token=([^\s]+)/.exec(mail.text)![1]);
  expect((await request(h.app).post('/api/invitations/accept').set(auth(token)).send({ token: link })).status).toBe(200);
  return token;
}

describe('the admin role is the owner’s to give and take (item 6)', () => {
  /** Ada owns; Bob and Carol are admins; Dan is an editor. */
  async function team() {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 10);
    const teamId = await homeTeam(ada);
    const bob = await join(teamId, ada, 'bob@example.com', 'admin');
    const carol = await join(teamId, ada, 'carol@example.com', 'admin');
    const dan = await join(teamId, ada, 'dan@example.com', 'editor');
    return { ada, bob, carol, dan, teamId };
  }
  const setRole = (token: string, teamId: string, userId: string, role: string) =>
    request(h.app).patch(`/api/teams/${teamId}/members/${userId}`).set(auth(token)).send({ role });
  const remove = (token: string, teamId: string, userId: string) =>
    request(h.app).delete(`/api/teams/${teamId}/members/${userId}`).set(auth(token));
  const roleOf = async (teamId: string, email: string) => (await getMembership(h.store, teamId, `user:${email}`))?.role ?? null;

  it('an admin cannot promote anyone to admin, nor change or remove another admin; each refusal says the owner can', async () => {
    const { bob, teamId } = await team();

    const promote = await setRole(bob, teamId, 'user:dan@example.com', 'admin');
    expect(promote.status).toBe(403);
    expect(promote.body.error).toBe('Only the team owner can make someone an admin. Ask the owner to change this role.');
    expect(await roleOf(teamId, 'dan@example.com')).toBe('editor');

    const demote = await setRole(bob, teamId, 'user:carol@example.com', 'viewer');
    expect(demote.status).toBe(403);
    expect(demote.body.error).toBe("Only the team owner can change an admin's role. Ask the owner to change it.");
    expect(await roleOf(teamId, 'carol@example.com')).toBe('admin');

    const removeAdmin = await remove(bob, teamId, 'user:carol@example.com');
    expect(removeAdmin.status).toBe(403);
    expect(removeAdmin.body.error).toBe('Only the team owner can remove an admin. Ask the owner to remove them.');
    expect(await roleOf(teamId, 'carol@example.com')).toBe('admin');

    const inviteAdmin = await invite(bob, teamId, 'erin@example.com', 'admin');
    expect(inviteAdmin.status).toBe(403);
    expect(inviteAdmin.body.error).toMatch(/^Only the team owner can invite admins/);
    expect(await invitationMails('erin@example.com')).toHaveLength(0);

    const owner = await setRole(bob, teamId, 'user:ada@example.com', 'viewer');
    expect(owner.status).toBe(403);
    expect(owner.body.error).toMatch(/owner's role cannot be changed/);
  });

  it('an admin still changes editors and viewers and removes them, and may leave; the owner manages admins', async () => {
    const { ada, bob, carol, teamId } = await team();
    expect((await setRole(bob, teamId, 'user:dan@example.com', 'viewer')).status).toBe(200);
    expect(await roleOf(teamId, 'dan@example.com')).toBe('viewer');
    expect((await setRole(bob, teamId, 'user:dan@example.com', 'editor')).status).toBe(200);
    expect((await remove(bob, teamId, 'user:dan@example.com')).status).toBe(200);
    expect(await roleOf(teamId, 'dan@example.com')).toBeNull();
    expect((await invite(bob, teamId, 'erin@example.com', 'viewer')).status).toBe(201);

    // Carol leaves by removing herself; Bob by leaving.
    expect((await remove(carol, teamId, 'user:carol@example.com')).status).toBe(200);
    expect(await roleOf(teamId, 'carol@example.com')).toBeNull();
    expect((await request(h.app).post(`/api/teams/${teamId}/leave`).set(auth(bob))).status).toBe(200);
    expect(await roleOf(teamId, 'bob@example.com')).toBeNull();

    // The owner grants, changes and removes the admin role.
    const frank = await join(teamId, ada, 'frank@example.com', 'editor');
    expect(frank).toBeTruthy();
    expect((await setRole(ada, teamId, 'user:frank@example.com', 'admin')).status).toBe(200);
    expect(await roleOf(teamId, 'frank@example.com')).toBe('admin');
    expect((await setRole(ada, teamId, 'user:frank@example.com', 'viewer')).status).toBe(200);
    expect((await setRole(ada, teamId, 'user:frank@example.com', 'admin')).status).toBe(200);
    expect((await remove(ada, teamId, 'user:frank@example.com')).status).toBe(200);
    expect(await roleOf(teamId, 'frank@example.com')).toBeNull();
  });

  it('editors and viewers manage no one', async () => {
    const { dan, teamId } = await team();
    for (const res of [
      await setRole(dan, teamId, 'user:carol@example.com', 'viewer'),
      await remove(dan, teamId, 'user:carol@example.com'),
      await invite(dan, teamId, 'erin@example.com', 'viewer'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Only the team owner or a team admin can manage members and invitations.');
    }
  });
});

describe('invitation mail is limited (item 7)', () => {
  it('a team sends at most 20 invitation mails an hour: the 21st is 429 with Retry-After and says when to try again', async () => {
    await h.signup('ada@example.com');
    // Access tokens live 15 minutes and the clock moves an hour: a fresh one for each request.
    const ada = () => h.tokenFor('user:ada@example.com');
    await subscribe('user:ada@example.com', 40);
    const teamId = await homeTeam(await ada());
    for (let i = 1; i <= 20; i++) {
      const res = await invite(await ada(), teamId, `person${i}@example.com`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      h.clock.now += 60_000;
    }
    const refused = await invite(await ada(), teamId, 'person21@example.com');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('invitation_rate_limit');
    expect(refused.body.error).toBe(
      'This team has sent 20 invitation emails in the last hour, the most allowed. Try again in 40 minutes; invitations already sent stay valid for 7 days.',
    );
    // The first mail leaves the hour's window 40 minutes from now.
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(await invitationMails()).toHaveLength(20);
    expect(await invitationMails('person21@example.com')).toHaveLength(0);
    // Withdrawing invitations does not give the mails back.
    expect((await revoke(await ada(), teamId, 'person1@example.com')).status).toBe(200);
    expect((await invite(await ada(), teamId, 'person21@example.com')).status).toBe(429);
    // Once the oldest mail is an hour old there is room for one more.
    h.clock.now += 40 * 60_000;
    expect((await invite(await ada(), teamId, 'person21@example.com')).status).toBe(201);
    expect((await invite(await ada(), teamId, 'person22@example.com')).status).toBe(429);
  });

  it('an address gets at most 3 invitation mails a day, however often it is revoked and re-invited, from any team', async () => {
    await h.signup('ada@example.com');
    const ada = () => h.tokenFor('user:ada@example.com');
    const eve = await h.signup('eve@example.com');
    await subscribe('user:ada@example.com', 5);
    await subscribe('user:eve@example.com', 5);
    const teamId = await homeTeam(await ada());
    const eveTeam = await homeTeam(eve);
    for (let i = 0; i < 3; i++) {
      expect((await invite(await ada(), teamId, 'bob@example.com')).status).toBe(201);
      expect((await revoke(await ada(), teamId, 'bob@example.com')).status).toBe(200);
    }
    const fourth = await invite(await ada(), teamId, 'Bob@Example.com');
    expect(fourth.status).toBe(429);
    expect(fourth.body).toMatchObject({ code: 'invitation_rate_limit', limit: 'address' });
    expect(fourth.body.error).toBe(
      'bob@example.com has been sent 3 invitation emails in the last 24 hours, the most allowed (renewals count). ' +
        'Ask them to check their inbox and spam folder for the last one, or try again in 24 hours.',
    );
    expect(Number(fourth.headers['retry-after'])).toBe(24 * 3600);
    // Renewing without revoking counts the same, and so does another team.
    expect((await invite(eve, eveTeam, 'bob@example.com')).status).toBe(429);
    expect(await invitationMails('bob@example.com')).toHaveLength(3);
    // Refused mails do not use up the team's hourly count: other addresses still go out.
    expect((await invite(await ada(), teamId, 'carol@example.com')).status).toBe(201);

    // The count is stored, not kept in memory: a restarted server over the same data refuses too.
    const restarted = createApp({
      config: loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: h.dir }),
      store: h.store,
      mailer: new DevOutbox(),
      authSecret: SECRET,
      now: () => h.clock.now,
    });
    expect((await invite(await ada(), teamId, 'bob@example.com', 'editor', restarted)).status).toBe(429);
    expect(await outbox(restarted)).toHaveLength(0);

    h.clock.now += 24 * 3_600_000 + 1000;
    expect((await invite(await ada(), teamId, 'bob@example.com')).status).toBe(201);
  });

  it('holds when the requests arrive at once: 10 parallel invitations of one address send 3 mails', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 5);
    const teamId = await homeTeam(ada);
    const answers = await Promise.all(Array.from({ length: 10 }, () => invite(ada, teamId, 'bob@example.com')));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
    expect(await invitationMails('bob@example.com')).toHaveLength(3);
  });
});

describe('team names carry no control characters (item 7)', () => {
  it('are stripped when a name is saved: line breaks and tabs become spaces, other controls go', async () => {
    const ada = await h.signup('ada@example.com');
    const teamId = await homeTeam(ada);
    const res = await request(h.app)
      .patch(`/api/teams/${teamId}`)
      .set(auth(ada))
      .send({ name: 'Acme\r\nBcc: eve@example.com\u0000\u0007\u009b\u202e\tSite\u2028B' });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Acme Bcc: eve@example.com Site B');
    expect((await getTeam(h.store, teamId))?.name).toBe('Acme Bcc: eve@example.com Site B');
    const empty = await request(h.app).patch(`/api/teams/${teamId}`).set(auth(ada)).send({ name: '\r\n\u0000\t' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/1 to 80 characters/);
  });

  it('are stripped when a stored name goes into an invitation’s subject and text', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 5);
    const teamId = await homeTeam(ada);
    // A name stored before names were cleaned on write.
    const doc = await h.store.db('teams').get(teamDocId(teamId));
    await h.store.db('teams').put({ ...doc, name: 'Acme\r\nBcc: eve@example.com\u0085' });
    expect((await invite(ada, teamId, 'bob@example.com')).status).toBe(201);
    const [mail] = await invitationMails('bob@example.com');
    expect(mail.subject).toBe('ada@example.com invited you to Acme Bcc: eve@example.com on Earnest');
    expect(mail.text).toContain('join the team "Acme Bcc: eve@example.com" on Earnest');
  });
});
