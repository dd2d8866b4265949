/** Device database names (src/local/sync/names.ts): per account and team, valid, without the email. */
import { describe, expect, it } from 'vitest';
import { deviceDbName, remoteDbUrl } from '../../../src/local/sync/names';

describe('device database names', () => {
  it('are distinct per account and per team, stable, valid database names, and do not spell the email', async () => {
    const a1 = await deviceDbName('user:ann@example.com', '01jt2x7k9q');
    const a2 = await deviceDbName('user:ann@example.com', 'b7e0-4c11');
    const b1 = await deviceDbName('user:bob@example.com', '01jt2x7k9q');
    expect(a1).toMatch(/^team_01jt2x7k9q_[0-9a-f]{32}$/);
    expect(new Set([a1, a2, b1]).size).toBe(3);
    expect(await deviceDbName('user:ann@example.com', '01jt2x7k9q')).toBe(a1);
    for (const n of [a1, a2, b1]) {
      expect(n).toMatch(/^[a-z][a-z0-9_$()+/-]{0,200}$/); // what the store accepts (CouchDB's rule)
      expect(n).not.toContain('ann');
    }
  });

  it('refuse a missing account or a team id the server would never make', async () => {
    await expect(deviceDbName('', 'abc')).rejects.toThrow(/sign in first/);
    await expect(deviceDbName('user:ann@example.com', 'Team_1')).rejects.toThrow(/not a team id/);
    await expect(deviceDbName('user:ann@example.com', '-abc')).rejects.toThrow(/not a team id/);
  });

  it('point at the gateway', () => {
    expect(remoteDbUrl('https://earnest.example/', '01jt2x7k9q')).toBe('https://earnest.example/db/01jt2x7k9q');
  });
});
