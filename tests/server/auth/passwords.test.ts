import { describe, expect, it } from 'vitest';
import {
  assertPasswordAcceptable,
  DEFAULT_SCRYPT,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
  WeakPasswordError,
} from '../../../server/auth/passwords';

describe('passwords', () => {
  it('hashes with the default parameters, salted, and verifies', async () => {
    const pw = 'correct horse battery staple';
    const a = await hashPassword(pw);
    const b = await hashPassword(pw);
    expect(a).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b); // different salts
    expect(await verifyPassword(pw, a)).toBe(true);
    expect(await verifyPassword(pw, b)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('treats Unicode normalisation forms alike', async () => {
    const composed = 'caf\u00e9 au lait!';
    const decomposed = 'cafe\u0301 au lait!';
    const h = await hashPassword(composed);
    expect(await verifyPassword(decomposed, h)).toBe(true);
  });

  it('reads the parameters from the stored hash, so they can be raised later', async () => {
    const weak = await hashPassword('an older password', { ln: 10, r: 8, p: 1 });
    expect(weak.startsWith('$scrypt$ln=10,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('an older password', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('a current password'))).toBe(false);
    expect(needsRehash(weak, { ...DEFAULT_SCRYPT, ln: 10 })).toBe(false);
  });

  it('never matches a malformed or hostile hash', async () => {
    const good = await hashPassword('some password here', { ln: 10, r: 8, p: 1 });
    const [, , params, salt, key] = good.split('$');
    const cases = [
      '',
      'plain',
      `$bcrypt$${params}$${salt}$${key}`,
      `$scrypt$ln=30,r=8,p=1$${salt}$${key}`, // absurd cost: refused, not computed
      `$scrypt$ln=10,r=8,p=1$${salt}$`,
      `$scrypt$ln=10,r=8,p=1$${salt}$${key.slice(0, 8)}`,
      `$scrypt$ln=10,r=8,p=1$${salt}$${key}$extra`,
    ];
    for (const c of cases) {
      expect(await verifyPassword('some password here', c)).toBe(false);
      expect(needsRehash(c)).toBe(true);
    }
  });

  it('applies the minimum rules with clear messages', () => {
    expect(passwordProblem('short')).toMatch(/too short.*at least 10/);
    expect(passwordProblem('\u{1F600}'.repeat(9))).toMatch(/too short/); // code points, not UTF-16 units
    expect(passwordProblem('x'.repeat(257))).toMatch(/too long.*256/);
    expect(passwordProblem(' '.repeat(12))).toMatch(/only spaces/);
    expect(passwordProblem(undefined)).toMatch(/Enter a password/);
    expect(passwordProblem('long enough pass')).toBeNull();
    expect(() => assertPasswordAcceptable('short')).toThrow(WeakPasswordError);
    expect(() => assertPasswordAcceptable('long enough pass')).not.toThrow();
  });
});
