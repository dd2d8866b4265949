import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { AUTH_SECRET_FILE, resolveAuthSecret } from '../../../server/auth';
import { loadConfig, PUBLISHED_AUTH_SECRETS } from '../../../server/config';
import { openStore } from '../../../server/store';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'earnest-secret-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('config: AUTH_SECRET and PUBLIC_URL', () => {
  it('defaults PUBLIC_URL to http://localhost:PORT and leaves the secret unset', () => {
    const c = loadConfig({ PORT: '9000' });
    expect(c.publicUrl).toBe('http://localhost:9000');
    expect(c.authSecret).toBeUndefined();
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
  });

  it('normalises PUBLIC_URL and refuses what cannot be a base address', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://earnest.example.com/' }).publicUrl).toBe('https://earnest.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/earnest/' }).publicUrl).toBe('https://example.com/earnest');
    expect(() => loadConfig({ PUBLIC_URL: 'earnest.example.com' })).toThrow(/PUBLIC_URL is not a valid URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.com/?x=1' })).toThrow(/plain address/);
  });

  it('accepts an AUTH_SECRET of 32 bytes or more and refuses a shorter one', () => {
    expect(loadConfig({ AUTH_SECRET: 'k'.repeat(32) }).authSecret).toBe('k'.repeat(32));
    expect(() => loadConfig({ AUTH_SECRET: 'too-short' })).toThrow(/AUTH_SECRET is too short \(9 bytes\)/);
    expect(loadConfig({ AUTH_SECRET: '   ' }).authSecret).toBeUndefined();
  });

  it('refuses the development secret earlier versions published, whatever NODE_ENV', () => {
    const published = 'earnest-development-secret-do-not-use-in-production';
    expect(PUBLISHED_AUTH_SECRETS).toContain(published);
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => loadConfig({ AUTH_SECRET: published, NODE_ENV })).toThrow(/AUTH_SECRET is a value published in Earnest's source code.*openssl rand/);
    }
  });
});

describe('resolveAuthSecret', () => {
  const quiet = () => {};

  it('uses AUTH_SECRET when set, in any environment', () => {
    const r = resolveAuthSecret({ authSecret: 's'.repeat(40), dataDir: dir }, quiet);
    expect(r).toEqual({ secret: 's'.repeat(40), source: 'env' });
  });

  it('in development as in production (npm start): no fixed secret, one generated into DATA_DIR, different per install', () => {
    const lines: string[] = [];
    const a = resolveAuthSecret(loadConfig({ DATA_DIR: join(dir, 'a') }), (l) => lines.push(l));
    const b = resolveAuthSecret(loadConfig({ DATA_DIR: join(dir, 'b') }), quiet);
    expect(a.source).toBe('file-created');
    expect(readFileSync(join(dir, 'a', AUTH_SECRET_FILE), 'utf8').trim()).toBe(a.secret);
    expect(a.secret).not.toBe(b.secret);
    expect(PUBLISHED_AUTH_SECRETS).not.toContain(a.secret);
    expect(lines.join('\n')).toMatch(/AUTH_SECRET is not set: generated one and saved it in/);
  });

  it('generates once into DATA_DIR/auth-secret (0600, in a 0700 directory) and reuses it', () => {
    const dataDir = join(dir, 'nested', 'data');
    const first = resolveAuthSecret({ dataDir }, quiet);
    expect(first.source).toBe('file-created');
    expect(Buffer.byteLength(first.secret)).toBeGreaterThanOrEqual(32);
    const file = join(dataDir, AUTH_SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    }

    const second = resolveAuthSecret({ dataDir }, quiet);
    expect(second).toEqual({ secret: first.secret, source: 'file' });
  });

  it('refuses a secret file that holds too little', () => {
    writeFileSync(join(dir, AUTH_SECRET_FILE), 'short\n');
    expect(() => resolveAuthSecret({ dataDir: dir }, quiet)).toThrow(/no usable secret/);
  });

  it('refuses a secret file that holds the published development secret', () => {
    writeFileSync(join(dir, AUTH_SECRET_FILE), `${PUBLISHED_AUTH_SECRETS[0]}\n`);
    expect(() => resolveAuthSecret({ dataDir: dir }, quiet)).toThrow(/published in Earnest's source code: delete it/);
  });
});

describe('a production restart keeps tokens valid', () => {
  it('an access token from the first process is accepted by the second', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1' });

    // First "process": no AUTH_SECRET, so the secret is generated and saved.
    let store = openStore({ dataDir: dir });
    const first = createApp({ config, store, authSecret: resolveAuthSecret(config, () => {}).secret });
    const signup = await request(first).post('/api/auth/signup').send({ email: 'ada@example.com', password: 'a perfectly fine password' });
    expect(signup.status).toBe(201);
    await store.close();

    // Second "process": the same DATA_DIR, the secret read back from the file.
    store = openStore({ dataDir: dir });
    try {
      const again = resolveAuthSecret(config, () => {});
      expect(again.source).toBe('file');
      const second = createApp({ config, store, authSecret: again.secret });
      const me = await request(second).get('/api/auth/me').set('Authorization', `Bearer ${signup.body.accessToken}`);
      expect(me.status).toBe(200);
      expect(me.body.user.email).toBe('ada@example.com');

      // A different secret would not accept it: the check above is meaningful.
      const other = createApp({ config, store, authSecret: 'o'.repeat(48) });
      const refused = await request(other).get('/api/auth/me').set('Authorization', `Bearer ${signup.body.accessToken}`);
      expect(refused.status).toBe(401);
    } finally {
      await store.close();
    }
  });

  it('createApp without a store opens one lazily and resolves the secret itself (production: the file)', async () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, PORT: '0' });
    const app = createApp({ config });
    expect(() => statSync(join(dir, AUTH_SECRET_FILE))).toThrow(); // nothing until auth is used
    const res = await request(app).post('/api/auth/signin').send({ email: 'nobody@example.com', password: 'whatever it is' });
    expect(res.status).toBe(401);
    expect(statSync(join(dir, AUTH_SECRET_FILE)).isFile()).toBe(true);
  });
});
