/** Steps the retention and account tests share, all through the real endpoints of the harness app. */
import request from 'supertest';
import { expect } from 'vitest';
import { teamDbName } from '../../../server/store';
import type { Harness } from '../subscription/helpers';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

export const bearer = (token: string) => `Bearer ${token}`;

/** The caller's home team id (created on the first GET /api/teams). */
export async function homeTeam(h: Harness, token: string): Promise<string> {
  const res = await request(h.app).get('/api/teams').set('Authorization', bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const home = (res.body.teams as { id: string; is_home: boolean }[]).find((t) => t.is_home);
  expect(home).toBeTruthy();
  return home!.id;
}

export async function startTrial(h: Harness, token: string): Promise<void> {
  const res = await request(h.app).post('/api/functions/start-trial').set('Authorization', bearer(token)).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Subscribes through the local provider's checkout: create-checkout, then the page's form. */
export async function buyLocal(h: Harness, token: string, tier = 'starter', billing = 'monthly'): Promise<void> {
  const res = await request(h.app).post('/api/functions/create-checkout').set('Authorization', bearer(token)).send({ tier, billing });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const t = new URL(res.body.url as string).searchParams.get('token')!;
  const post = await request(h.app).post('/billing/checkout').type('form').send({ token: t });
  expect(post.status).toBe(303);
}

/** Projects as the sync gateway would have stored them in the team's database. */
export async function syncProjects(h: Harness, teamId: string, n: number, tag = 'p'): Promise<void> {
  const docs = Array.from({ length: n }, (_, i) => ({ _id: `project:${tag}${i}`, type: 'project', name: `Viaduct ${tag}${i}` }));
  await h.store.db(teamDbName(teamId)).bulkDocs(docs);
}

export async function teamDocIds(h: Harness, teamId: string): Promise<string[]> {
  return (await h.store.db(teamDbName(teamId)).allDocs()).rows.map((r) => r.id);
}

export async function invite(h: Harness, token: string, teamId: string, email: string, role = 'editor'): Promise<string> {
  const res = await request(h.app).post(`/api/teams/${teamId}/invitations`).set('Authorization', bearer(token)).send({ email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const outbox = await request(h.app).get('/api/dev/outbox');
  const mail = (outbox.body.messages as { to: string; text: string }[]).filter((m) => m.to === email).pop()!;
  return decodeURIComponent(/token=([^\s]+)/.exec(mail.text)![1]);
}

export async function accept(h: Harness, token: string, invitationToken: string): Promise<void> {
  const res = await request(h.app).post('/api/invitations/accept').set('Authorization', bearer(token)).send({ token: invitationToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Cancels a local subscription at period end through the portal page's form. */
export async function cancelLocalAtPeriodEnd(h: Harness, token: string): Promise<void> {
  const res = await request(h.app).post('/api/functions/customer-portal').set('Authorization', bearer(token)).send({});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const url = new URL(res.body.url as string);
  const page = await request(h.app).get(url.pathname + url.search);
  const version = /name="version" value="(\d+)"/.exec(page.text)?.[1];
  expect(version).toBeTruthy();
  const post = await request(h.app).post('/billing/portal/cancel').type('form').send({ token: url.searchParams.get('token'), version });
  expect(post.status).toBe(303);
}
