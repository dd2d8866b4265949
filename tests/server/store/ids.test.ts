/**
 * The document-id conventions of server/store/ids.ts. These strings are what existing databases
 * hold, so each is pinned to its exact form: a change here strands every document written before it.
 * Retention finds what a feature wrote through the same functions, checked at the end.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as ids from '../../../server/store/ids';
import { roleDocId } from '../../../server/roles';
import { teamRetentionDocId } from '../../../server/retention';
import { profileDocId, trialDocId } from '../../../server/subscription';

describe('store ids', () => {
  it('keeps the account ids as stored', () => {
    expect(ids.userIdForEmail('ada@example.com')).toBe('user:ada@example.com');
    expect(ids.isUserId('user:ada@example.com')).toBe(true);
    expect(ids.isUserId('profile:user:ada@example.com')).toBe(false);
    expect(ids.emailOfUserId('user:ada@example.com')).toBe('ada@example.com');
    expect(ids.emailOfUserId('legacy-id')).toBe('legacy-id');
    expect(ids.profileDocId('user:a@b.c')).toBe('profile:user:a@b.c');
    expect(ids.trialDocId('user:a@b.c')).toBe('trial:user:a@b.c');
    expect(ids.roleDocId('user:a@b.c')).toBe('role:user:a@b.c');
    expect(ids.closureDocId('user:a@b.c', 1_772_366_400_000)).toBe('closure:user:a@b.c:001772366400000');
    expect(ids.closurePrefixFor('user:a@b.c')).toBe('closure:user:a@b.c:');
    expect(ids.refreshTokenDocId('abc')).toBe('refresh:abc');
    expect(ids.refreshFamilyDocId('user:a@b.c', 'fam1')).toBe('refreshfam:user%3Aa%40b.c:fam1');
    expect(ids.refreshFamilyPrefix('user:a@b.c')).toBe('refreshfam:user%3Aa%40b.c:');
    expect(ids.oneTimeLinkDocId('jti-1')).toBe('onetime:jti-1');
  });

  it('keeps the team, invitation, billing, analytics, blog and contact ids as stored', () => {
    expect(ids.teamDocId('t1')).toBe('team:t1');
    expect(ids.memberDocId('t1', 'user:a@b.c')).toBe('member:t1:user:a@b.c');
    expect(ids.memberDocId('t1', 'u').startsWith(ids.memberPrefix('t1'))).toBe(true);
    expect(ids.userTeamsDocId('user:a@b.c')).toBe('user-teams:user:a@b.c');
    expect(ids.homeTeamDocId('user:a@b.c')).toBe('home-team:user:a@b.c');
    expect(ids.teamRetentionDocId('t1')).toBe('team-retention:t1');
    expect(ids.invitationDocId('t1', 'a@b.c')).toBe('invitation:t1:a@b.c');
    expect(ids.teamMailQuotaDocId('t1')).toBe('mail-quota:team:t1');
    // sha256('a@b.c'), first 32 hex digits: the address is never stored readable.
    expect(ids.addressMailQuotaDocId('a@b.c')).toBe(`mail-quota:address:${createHash('sha256').update('a@b.c').digest('hex').slice(0, 32)}`);
    expect(ids.addressMailQuotaDocId('a@b.c')).not.toContain('a@b.c');
    expect(ids.invitationDocId('t1', 'a@b.c').startsWith(ids.invitationPrefix('t1'))).toBe(true);
    expect(ids.customerDocId('user:a@b.c')).toBe('stripe-customer:user:a@b.c');
    expect(ids.customerByIdDocId('cus_1')).toBe('stripe-customer-id:cus_1');
    expect(ids.stripeEventDocId('evt_1')).toBe('stripe-event:evt_1');
    expect(ids.localCheckoutDocId('jti-2')).toBe('local-checkout:jti-2');
    expect(ids.eventDocId('e1')).toBe('event:e1');
    expect(ids.serverEventDocId('2026-03-01T12:00:00.000Z', 'uuid')).toBe('event:2026-03-01T12:00:00.000Z:uuid');
    expect(ids.sessionDocId('s1')).toBe('session:s1');
    expect(ids.funnelDocId('f1')).toBe('funnel:f1');
    expect(ids.postDocId('hello')).toBe('post:hello');
    expect(ids.contactDocId('01J')).toBe('contact:01J');
  });

  it('names team databases team_<id> and refuses any other id', () => {
    expect(ids.teamDbName('01jabc-9')).toBe('team_01jabc-9');
    for (const bad of ['', 'A', '-a', 'a-', 'a_b', '../x', 'x'.repeat(65)]) {
      expect(() => ids.teamDbName(bad), bad).toThrow(ids.InvalidDbNameError);
    }
  });

  it('each prefix is the start of every id of its kind', () => {
    const pairs: [string, string][] = [
      [ids.USER_PREFIX, ids.userIdForEmail('a@b.c')],
      [ids.CLOSURE_PREFIX, ids.closureDocId('user:a@b.c', 1)],
      [ids.REFRESH_TOKEN_PREFIX, ids.refreshTokenDocId('h')],
      [ids.REFRESH_FAMILY_PREFIX, ids.refreshFamilyDocId('user:a@b.c', 'f')],
      [ids.ONE_TIME_LINK_PREFIX, ids.oneTimeLinkDocId('j')],
      [ids.TEAM_PREFIX, ids.teamDocId('t')],
      [ids.INVITATION_PREFIX, ids.invitationDocId('t', 'a@b.c')],
      [ids.LOCAL_CHECKOUT_PREFIX, ids.localCheckoutDocId('j')],
      [ids.EVENT_PREFIX, ids.serverEventDocId('t', 'u')],
      [ids.SESSION_PREFIX, ids.sessionDocId('s')],
      [ids.FUNNEL_PREFIX, ids.funnelDocId('f')],
      [ids.POST_PREFIX, ids.postDocId('p')],
      [ids.CONTACT_PREFIX, ids.contactDocId('c')],
      [ids.TEAM_DB_PREFIX, ids.teamDbName('t')],
    ];
    for (const [prefix, id] of pairs) expect(id.startsWith(prefix), `${id} starts with ${prefix}`).toBe(true);
  });

  it('the feature modules that exported an id hand out the same function', () => {
    expect(profileDocId).toBe(ids.profileDocId);
    expect(trialDocId).toBe(ids.trialDocId);
    expect(roleDocId).toBe(ids.roleDocId);
    expect(teamRetentionDocId).toBe(ids.teamRetentionDocId);
  });
});
