/**
 * Issue 13, "plan limits are shown where they bite": the account page read "Projects 8 used of 3"
 * with a green bar and said nothing. The allowance says when the limit is reached or exceeded, and
 * how to raise it, in the plan catalogue's own figures.
 */
import { describe, expect, it } from 'vitest';
import { ADDONS, PLAN_TIERS, projectAllowance } from '../../../src/core/plans';

describe('projectAllowance', () => {
  it('below the limit: nothing to say', () => {
    expect(projectAllowance(2, 3, 'owner')).toEqual({ used: 2, limit: 3, full: false, over: false, advice: null });
  });

  it('at the limit: the owner is told the three ways on, with the smallest add-on and the larger plan from the catalogue', () => {
    const a = projectAllowance(3, 3, 'owner');
    expect(a.full).toBe(true);
    expect(a.over).toBe(false);
    const addOn = ADDONS.find((x) => x.kind === 'projects')!;
    expect(a.advice).toBe(
      `You have used all 3 projects your plan allows. To add another, save the import as the next status of an existing project, remove a project you no longer need, or raise the limit with a projects add-on (${addOn.name.toLowerCase()} from £${addOn.monthlyPrice} a month) or the Professional plan (${PLAN_TIERS.professional.baseProjects} projects).`,
    );
  });

  it('beyond the limit (8 of 3): says the extra projects do not sync and how many to remove', () => {
    const a = projectAllowance(8, 3, 'owner');
    expect(a.over).toBe(true);
    expect(a.advice).toMatch(/^You have 8 projects and your plan allows 3: projects beyond the limit stay on this device and do not sync to your team\. Remove 5 projects, or raise the limit/);
  });

  it("a team member is sent to the team owner, whose plan it is", () => {
    expect(projectAllowance(3, 3, 'member').advice).toMatch(/ask the team owner to raise the team's limit\.$/);
  });

  it('unlimited plans (admin and free users, 999) never bite', () => {
    expect(projectAllowance(1_000, 999, 'owner')).toEqual({ used: 1_000, limit: null, full: false, over: false, advice: null });
  });
});
