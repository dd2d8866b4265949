/** The header's project switcher keeps the tab (src/app/shell/projectSwitch.ts). */
import { describe, expect, it } from 'vitest';
import { openProject, switchedPath } from '../../../src/app/shell/projectSwitch';

describe('switching project', () => {
  it('opens the same tab of the other project', () => {
    expect(switchedPath('/app/projects/p1/cash-flow', 'p2')).toBe('/app/projects/p2/cash-flow');
    expect(switchedPath('/app/projects/p1', 'p2')).toBe('/app/projects/p2');
    expect(switchedPath('/app/projects/p1/', 'p2')).toBe('/app/projects/p2');
  });
  it('opens the overview from outside a project or from a tab it does not know', () => {
    expect(switchedPath('/app', 'p 2')).toBe('/app/projects/p%202');
    expect(switchedPath('/app/import', 'p2')).toBe('/app/projects/p2');
    expect(switchedPath('/app/projects/p1/nonsense', 'p2')).toBe('/app/projects/p2');
  });
  it('reads the open project from the path, decoded', () => {
    expect(openProject('/app/projects/p%201/history')).toEqual({ id: 'p 1', tab: 'history' });
    expect(openProject('/app/account')).toBeNull();
  });
});
