/** The alert message without the node's name where the name is already beside it (alertWording.ts). */
import { describe, expect, it } from 'vitest';
import { withoutNodeName } from '../../../src/app/projects/alertWording';
import { riverside } from '../dashboard/fixture';

describe('an alert message without its node’s name', () => {
  it('drops the opening name and colon and starts the rest with a capital', () => {
    expect(withoutNodeName('AREA CENTRAL: the schedule variance of £15,633,876 is 806.8% of the planned value', 'AREA CENTRAL')).toBe('The schedule variance of £15,633,876 is 806.8% of the planned value');
  });

  it('leaves a message that does not open with the name, or a missing name, as it is', () => {
    expect(withoutNodeName('Civils: CPI 0.81 is below 0.90', 'AREA CENTRAL')).toBe('Civils: CPI 0.81 is below 0.90');
    expect(withoutNodeName('AREA CENTRAL: x', undefined)).toBe('AREA CENTRAL: x');
    expect(withoutNodeName('AREA CENTRAL: ', 'AREA CENTRAL')).toBe('AREA CENTRAL: ');
  });

  it('reads every real alert of the sample project without its node name and keeps the figures', () => {
    const d = riverside();
    expect(d.alerts.length).toBeGreaterThan(0);
    for (const a of d.alerts) {
      // Every rule's message opens with "{node}: " (core/insight/rules.ts).
      expect(a.message.startsWith(`${a.nodeName}: `)).toBe(true);
      const short = withoutNodeName(a.message, a.nodeName);
      expect(short.length).toBe(a.message.length - a.nodeName.length - 2);
      expect(a.message.endsWith(short.slice(1))).toBe(true);
    }
  });
});
