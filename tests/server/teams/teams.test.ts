import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getMembership, getTeam, listMembers } from '../../../server/teams';
import { profileDocId } from '../../../server/subscription';
import { harness, type Harness } from '../subscription/helpers';

let h: Harness;
beforeEach(() => {
  h = harness('earnest-teams-');
});
afterEach(async () => {
  await h.close();
});

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function homeTeam(token: string): Promise<string> {
  const res = await request(h.app).get('/api/teams').set(auth(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const home = (res.body.teams as { id: string; is_home: boolean }[]).find((t) => t.is_home);
  expect(home).toBeDefined();
  return home!.id;
}

/** An active paid plan for the user, written as billing would write it. */
async function subscribe(userId: string, tier: 'starter' | 'professional', maxUsers: number) {
  await h.store.db('accounts').put({
    _id: profileDocId(userId),
    type: 'profile',
    id: userId,
    subscription_tier: tier,
    subscription_status: 'active',
    subscription_end: '2027-03-01T00:00:00.000Z',
    max_users: maxUsers,
    max_projects: tier === 'starter' ? 3 : 10,
  });
}

/** The token in the newest invitation mailed to `email`. */
async function mailedInvitationToken(email: string): Promise<string> {
  const res = await request(h.app).get('/api/dev/outbox');
  const mail = (res.body.messages as { to: string; text: string }[]).filter((m) => m.to === email).at(-1);
  expect(mail, `no mail to ${email}`).toBeDefined();
  const m = /\/accept-invitation\?token=([^\s]+)/.exec(mail!.text);
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}

async function invite(token: string, teamId: string, email: string, role = 'editor') {
  return request(h.app).post(`/api/teams/${teamId}/invitations`).set(auth(token)).send({ email, role });
}

/** Owner Ada on Professional (5 users) with Bob joined as `role`. */
async function teamWithMember(role = 'editor') {
  const ada = await h.signup('ada@example.com');
  const bob = await h.signup('bob@example.com');
  await subscribe('user:ada@example.com', 'professional', 5);
  const teamId = await homeTeam(ada);
  expect((await invite(ada, teamId, 'bob@example.com', role)).status).toBe(201);
  const token = await mailedInvitationToken('bob@example.com');
  const acc = await request(h.app).post('/api/invitations/accept').set(auth(bob)).send({ token });
  expect(acc.status, JSON.stringify(acc.body)).toBe(200);
  return { ada, bob, teamId, token };
}

describe('home team', () => {
  it('is created once, even for parallel first calls, with the user as owner', async () => {
    const ada = await h.signup('ada@example.com');
    const answers = await Promise.all([1, 2, 3].map(() => request(h.app).get('/api/teams').set(auth(ada))));
    const ids = new Set(answers.map((r) => (r.body.teams as { id: string }[])[0].id));
    expect(ids.size).toBe(1);
    const [teamId] = [...ids];
    expect(answers[0].body.teams).toHaveLength(1);
    expect(answers[0].body.teams[0]).toMatchObject({ role: 'owner', owner_id: 'user:ada@example.com', name: "ada's team" });
    expect(await listMembers(h.store, teamId)).toHaveLength(1);
    expect((await getMembership(h.store, teamId, 'user:ada@example.com'))?.role).toBe('owner');
  });

  it('needs a session', async () => {
    expect((await request(h.app).get('/api/teams')).status).toBe(401);
  });

  it('can be renamed by its owner, with the name checked', async () => {
    const ada = await h.signup();
    const teamId = await homeTeam(ada);
    expect((await request(h.app).patch(`/api/teams/${teamId}`).set(auth(ada)).send({ name: '  Site B controls ' })).status).toBe(200);
    expect((await getTeam(h.store, teamId))?.name).toBe('Site B controls');
    const bad = await request(h.app).patch(`/api/teams/${teamId}`).set(auth(ada)).send({ name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/1 to 80 characters/);
  });
});

describe('invitations', () => {
  it('mail a link; the invitee sees the team and role, accepts once, and becomes a member', async () => {
    const { ada, bob, teamId, token } = await teamWithMember('viewer');
    expect((await getMembership(h.store, teamId, 'user:bob@example.com'))?.role).toBe('viewer');
    // The link is single-use.
    const again = await request(h.app).post('/api/invitations/accept').set(auth(bob)).send({ token });
    expect(again.status).toBe(410);
    expect(again.body.error).toMatch(/already been accepted/);
    const members = await request(h.app).get(`/api/teams/${teamId}/members`).set(auth(ada));
    expect(members.body.members.map((m: { email: string; role: string }) => `${m.email}:${m.role}`)).toEqual([
      'ada@example.com:owner',
      'bob@example.com:viewer',
    ]);
    // Bob now lists Ada's team besides his own.
    const bobTeams = await request(h.app).get('/api/teams').set(auth(bob));
    expect(bobTeams.body.teams.map((t: { id: string; role: string }) => t.role).sort()).toEqual(['owner', 'viewer']);
  });

  it('show the team, role and address to anyone holding the link, and nothing for a bad link', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 'professional', 5);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'Carol@Example.com', 'editor');
    const token = await mailedInvitationToken('carol@example.com');
    const info = await request(h.app).get(`/api/invitations/${encodeURIComponent(token)}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ team: { id: teamId, name: "ada's team" }, role: 'editor', email: 'carol@example.com', invited_by: 'ada@example.com' });
    const tampered = token.slice(0, -3) + (token.endsWith('aaa') ? 'bbb' : 'aaa');
    const bad = await request(h.app).get(`/api/invitations/${encodeURIComponent(tampered)}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/not valid/);
  });

  it('must be accepted by the invited address', async () => {
    const ada = await h.signup('ada@example.com');
    const eve = await h.signup('eve@example.com');
    await subscribe('user:ada@example.com', 'professional', 5);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'bob@example.com');
    const token = await mailedInvitationToken('bob@example.com');
    const res = await request(h.app).post('/api/invitations/accept').set(auth(eve)).send({ token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(
      'This invitation was sent to bob@example.com, but you are signed in as eve@example.com. Sign in with the invited address to accept it.',
    );
    expect(await getMembership(h.store, teamId, 'user:eve@example.com')).toBeNull();
    expect((await request(h.app).post('/api/invitations/accept').send({ token })).status).toBe(401);
  });

  it('expire after 7 days', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 'professional', 5);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'bob@example.com');
    const token = await mailedInvitationToken('bob@example.com');
    h.clock.now += 7 * 86_400_000 + 1000;
    const bob = await h.signup('bob@example.com');
    const res = await request(h.app).post('/api/invitations/accept').set(auth(bob)).send({ token });
    expect(res.status).toBe(410);
    expect(res.body.reason).toBe('expired');
  });

  it('can be withdrawn, and a renewed invitation replaces the older link', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 'professional', 5);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'bob@example.com', 'viewer');
    const first = await mailedInvitationToken('bob@example.com');
    h.clock.now += 1000;
    await invite(ada, teamId, 'bob@example.com', 'editor');
    const second = await mailedInvitationToken('bob@example.com');
    expect(second).not.toBe(first);
    expect((await request(h.app).get(`/api/invitations/${encodeURIComponent(first)}`)).body.reason).toBe('revoked');
    const listed = await request(h.app).get(`/api/teams/${teamId}/members`).set(auth(ada));
    expect(listed.body.invitations).toHaveLength(1);
    expect(listed.body.invitations[0]).toMatchObject({ email: 'bob@example.com', role: 'editor' });

    expect((await request(h.app).delete(`/api/teams/${teamId}/invitations/bob@example.com`).set(auth(ada))).status).toBe(200);
    const after = await request(h.app).get(`/api/invitations/${encodeURIComponent(second)}`);
    expect(after.status).toBe(410);
    expect(after.body.error).toMatch(/withdrawn/);
    expect((await request(h.app).delete(`/api/teams/${teamId}/invitations/bob@example.com`).set(auth(ada))).status).toBe(404);
  });

  it('are refused for bad addresses, roles, existing members and non-managers', async () => {
    const { ada, bob, teamId } = await teamWithMember('editor');
    const badEmail = await invite(ada, teamId, 'not-an-address');
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toMatch(/does not look like an email address/);
    const badRole = await invite(ada, teamId, 'carol@example.com', 'owner');
    expect(badRole.status).toBe(400);
    expect(badRole.body.error).toMatch(/admin, editor or viewer/);
    const dup = await invite(ada, teamId, 'bob@example.com');
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('bob@example.com is already a member of this team.');
    const byEditor = await invite(bob, teamId, 'carol@example.com');
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error).toMatch(/Only the team owner or a team admin/);
  });

  it('are held to the owner’s user limit (members and pending invitations), saying which limit and how to raise it', async () => {
    const ada = await h.signup('ada@example.com');
    const teamId = await homeTeam(ada);
    // No plan: 1 user, which Ada already is.
    const none = await invite(ada, teamId, 'bob@example.com');
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('user_limit');
    expect(none.body.error).toBe(
      'This team has reached its limit of 1 user on the free plan (members and pending invitations count, add-ons included). ' +
        'Buy a users add-on or move to a larger plan on your account page (/app/account), or remove a member or a pending invitation.',
    );
    // Starter with a +1 user add-on: 2 users.
    await subscribe('user:ada@example.com', 'starter', 2);
    expect((await invite(ada, teamId, 'bob@example.com')).status).toBe(201);
    const full = await invite(ada, teamId, 'carol@example.com');
    expect(full.status).toBe(403);
    expect(full.body.error).toMatch(/^This team has reached its limit of 2 users on the Starter plan/);
    // Renewing Bob's invitation reuses his seat.
    expect((await invite(ada, teamId, 'bob@example.com')).status).toBe(201);
    // A withdrawn invitation frees its seat.
    await request(h.app).delete(`/api/teams/${teamId}/invitations/bob@example.com`).set(auth(ada));
    expect((await invite(ada, teamId, 'carol@example.com')).status).toBe(201);
  });

  it('cannot be accepted when the plan shrank below the team size meanwhile', async () => {
    const ada = await h.signup('ada@example.com');
    await subscribe('user:ada@example.com', 'starter', 2);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'bob@example.com');
    const token = await mailedInvitationToken('bob@example.com');
    await h.store.db('accounts').get(profileDocId('user:ada@example.com')).then((d) => h.store.db('accounts').put({ ...d, max_users: 1 }));
    const bob = await h.signup('bob@example.com');
    const res = await request(h.app).post('/api/invitations/accept').set(auth(bob)).send({ token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('user_limit');
    expect(await getMembership(h.store, teamId, 'user:bob@example.com')).toBeNull();
  });
});

describe('members', () => {
  it('roles are changed by managers, never the owner’s', async () => {
    const { ada, bob, teamId } = await teamWithMember('editor');
    const ok = await request(h.app).patch(`/api/teams/${teamId}/members/user:bob@example.com`).set(auth(ada)).send({ role: 'viewer' });
    expect(ok.status).toBe(200);
    expect((await getMembership(h.store, teamId, 'user:bob@example.com'))?.role).toBe('viewer');
    const owner = await request(h.app).patch(`/api/teams/${teamId}/members/user:ada@example.com`).set(auth(ada)).send({ role: 'editor' });
    expect(owner.status).toBe(403);
    const byViewer = await request(h.app).patch(`/api/teams/${teamId}/members/user:bob@example.com`).set(auth(bob)).send({ role: 'admin' });
    expect(byViewer.status).toBe(403);
    const bad = await request(h.app).patch(`/api/teams/${teamId}/members/user:bob@example.com`).set(auth(ada)).send({ role: 'superuser' });
    expect(bad.status).toBe(400);
  });

  it('a removed member loses access at once; the owner cannot be removed', async () => {
    const { ada, bob, teamId } = await teamWithMember('editor');
    expect((await request(h.app).get(`/api/teams/${teamId}/members`).set(auth(bob))).status).toBe(200);
    const rm = await request(h.app).delete(`/api/teams/${teamId}/members/user:bob@example.com`).set(auth(ada));
    expect(rm.status).toBe(200);
    const after = await request(h.app).get(`/api/teams/${teamId}/members`).set(auth(bob));
    expect(after.status).toBe(404);
    const owner = await request(h.app).delete(`/api/teams/${teamId}/members/user:ada@example.com`).set(auth(ada));
    expect(owner.status).toBe(403);
    expect(owner.body.error).toMatch(/Transfer ownership/);
  });

  it('members can leave; the owner cannot until ownership is transferred', async () => {
    const { ada, bob, teamId } = await teamWithMember('editor');
    const ownerLeaves = await request(h.app).post(`/api/teams/${teamId}/leave`).set(auth(ada));
    expect(ownerLeaves.status).toBe(403);
    expect((await request(h.app).post(`/api/teams/${teamId}/leave`).set(auth(bob))).status).toBe(200);
    expect(await getMembership(h.store, teamId, 'user:bob@example.com')).toBeNull();
    const teams = await request(h.app).get('/api/teams').set(auth(bob));
    expect(teams.body.teams.map((t: { id: string }) => t.id)).not.toContain(teamId);
  });

  it('ownership moves to a member; the former owner becomes an admin and may then leave', async () => {
    const { ada, bob, teamId } = await teamWithMember('editor');
    expect((await request(h.app).post(`/api/teams/${teamId}/transfer`).set(auth(bob)).send({ user_id: 'user:bob@example.com' })).status).toBe(403);
    expect((await request(h.app).post(`/api/teams/${teamId}/transfer`).set(auth(ada)).send({ user_id: 'user:zed@example.com' })).status).toBe(404);
    const res = await request(h.app).post(`/api/teams/${teamId}/transfer`).set(auth(ada)).send({ user_id: 'user:bob@example.com' });
    expect(res.status).toBe(200);
    expect((await getTeam(h.store, teamId))?.owner_id).toBe('user:bob@example.com');
    expect((await getMembership(h.store, teamId, 'user:bob@example.com'))?.role).toBe('owner');
    expect((await getMembership(h.store, teamId, 'user:ada@example.com'))?.role).toBe('admin');
    // Ada's next /api/teams does not make her owner of it again.
    await request(h.app).get('/api/teams').set(auth(ada));
    expect((await getMembership(h.store, teamId, 'user:ada@example.com'))?.role).toBe('admin');
    expect((await request(h.app).post(`/api/teams/${teamId}/leave`).set(auth(ada))).status).toBe(200);
  });

  it('strangers see nothing of a team', async () => {
    const { teamId } = await teamWithMember('editor');
    const eve = await h.signup('eve@example.com');
    for (const res of [
      await request(h.app).get(`/api/teams/${teamId}/members`).set(auth(eve)),
      await invite(eve, teamId, 'x@example.com'),
      await request(h.app).delete(`/api/teams/${teamId}/members/user:bob@example.com`).set(auth(eve)),
    ]) {
      expect(res.status).toBe(404);
    }
  });
});

describe('the resolution’s team reads (§7)', () => {
  it('team-members/me names the joined team’s owner; profiles/:owner is readable by members only', async () => {
    const { ada, bob } = await teamWithMember('editor');
    const mine = await request(h.app).get('/api/team-members/me').set(auth(bob));
    expect(mine.status).toBe(200);
    expect(mine.body.team_member).toMatchObject({ user_id: 'user:bob@example.com', role: 'editor', team: { owner_id: 'user:ada@example.com' } });
    const owners = await request(h.app).get('/api/team-members/me').set(auth(ada));
    expect(owners.body.team_member).toBeNull();

    const profile = await request(h.app).get('/api/profiles/user:ada@example.com').set(auth(bob));
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      subscription_tier: 'professional',
      subscription_status: 'active',
      subscription_end: '2027-03-01T00:00:00.000Z',
      max_users: 5,
      max_projects: 10,
    });
    const eve = await h.signup('eve@example.com');
    expect((await request(h.app).get('/api/profiles/user:ada@example.com').set(auth(eve))).status).toBe(404);
    expect((await request(h.app).get('/api/profiles/user:bob@example.com').set(auth(ada))).status).toBe(404);
    expect((await request(h.app).get('/api/profiles/user:eve@example.com').set(auth(eve))).status).toBe(200);
  });
});

describe('an owner’s plan that has run out', () => {
  it('reads as expired to members once its end date passes (a trial is never rewritten when it ends)', async () => {
    const ada = await h.signup('ada@example.com');
    const bob = await h.signup('bob@example.com');
    await subscribe('user:ada@example.com', 'professional', 5);
    const teamId = await homeTeam(ada);
    await invite(ada, teamId, 'bob@example.com');
    const token = await mailedInvitationToken('bob@example.com');
    expect((await request(h.app).post('/api/invitations/accept').set(auth(bob)).send({ token })).status).toBe(200);
    const before = await request(h.app).get('/api/profiles/user:ada@example.com').set(auth(await h.tokenFor('user:bob@example.com')));
    expect(before.body.subscription_status).toBe('active');
    h.clock.now = Date.parse('2027-03-01T00:00:01.000Z');
    const after = await request(h.app).get('/api/profiles/user:ada@example.com').set(auth(await h.tokenFor('user:bob@example.com')));
    expect(after.body.subscription_status).toBe('expired');
    expect(after.body.subscription_tier).toBe('professional');
  });
});
