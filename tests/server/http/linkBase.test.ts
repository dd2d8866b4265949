/**
 * Issue 18 item 2: without PUBLIC_URL, links are built on the request's own origin when its host is
 * one the server is configured to answer as (ALLOWED_HOSTS, default the loopback names at PORT),
 * else on the default http://localhost:PORT; with PUBLIC_URL, always on it. Checked through the
 * real app for the verification mail, the password-reset mail and the checkout URL, and the
 * pieces (config, host list, base) on their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { defaultAllowedHosts, linkBaseFor, parseAllowedHosts } from '../../../server/http/linkBase';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
const PW = 'a perfectly fine password';
const opened: { dir: string; store: Store }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.store.close();
    rmSync(o.dir, { recursive: true, force: true });
  }
});

function app(env: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'earnest-linkbase-'));
  const store = openStore({ dataDir: dir });
  opened.push({ dir, store });
  const outbox = new DevOutbox();
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '8080', DATA_DIR: dir, LOCAL_BILLING: '1', ...env });
  return { app: createApp({ config, store, mailer: outbox, authSecret: SECRET }), outbox };
}

/** Signs up as `host` would have it, and returns the links of that flow: the mail's and the checkout's. */
async function flowLinks(env: Record<string, string>, host: string): Promise<string[]> {
  const { app: a, outbox } = app(env);
  const email = `ada-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await request(a).post('/api/auth/signup').set('Host', host).send({ email, password: PW });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  const reset = await request(a).post('/api/auth/password-reset/request').set('Host', host).send({ email });
  expect(reset.status).toBeLessThan(300);
  const checkout = await request(a)
    .post('/api/functions/create-checkout')
    .set('Host', host)
    .set('Authorization', `Bearer ${signup.body.accessToken}`)
    .send({ tier: 'professional', billing: 'monthly' });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const mailed = outbox.messages().flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
  expect(mailed).toHaveLength(2); // verification, reset
  return [...mailed, checkout.body.url as string];
}
const origins = (links: string[]) => [...new Set(links.map((l) => new URL(l).origin))];

describe('links follow the request when PUBLIC_URL is unset', () => {
  it('the app open on 127.0.0.1: verification mail, reset mail and checkout all on 127.0.0.1', async () => {
    expect(origins(await flowLinks({}, '127.0.0.1:8080'))).toEqual(['http://127.0.0.1:8080']);
  });

  it('the app open on localhost: all on localhost', async () => {
    expect(origins(await flowLinks({}, 'localhost:8080'))).toEqual(['http://localhost:8080']);
  });

  it('a host not on the list (a forged Host header) gets the default, never itself', async () => {
    expect(origins(await flowLinks({}, 'evil.example:8080'))).toEqual(['http://localhost:8080']);
  });

  it('ALLOWED_HOSTS adds the names the server is reached by', async () => {
    expect(origins(await flowLinks({ ALLOWED_HOSTS: 'earnest.site.lan' }, 'earnest.site.lan:8080'))).toEqual(['http://earnest.site.lan:8080']);
  });
});

describe('PUBLIC_URL, when set, is used whatever the request', () => {
  it('every link of the flow on PUBLIC_URL', async () => {
    expect(origins(await flowLinks({ PUBLIC_URL: 'https://earnest.example.com' }, '127.0.0.1:8080'))).toEqual(['https://earnest.example.com']);
  });
});

describe('the pieces', () => {
  it('loadConfig: PUBLIC_URL fixed or not, and the host list', () => {
    const unset = loadConfig({ PORT: '8080', HOST: '127.0.0.1' });
    expect(unset.publicUrlFixed).toBe(false);
    expect(unset.publicUrl).toBe('http://localhost:8080');
    expect(unset.allowedHosts).toEqual(['localhost:8080', '127.0.0.1:8080', '[::1]:8080']);
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://a.example' }).publicUrlFixed).toBe(true);
    expect(loadConfig({ PORT: '8080', HOST: '10.0.0.5' }).allowedHosts).toContain('10.0.0.5:8080');
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://a.example/x' })).toThrow(/ALLOWED_HOSTS takes host names/);
  });

  it('host list: wildcard HOST adds nothing, names are lower-cased, a bare name allows any port', () => {
    expect(defaultAllowedHosts(80, '0.0.0.0')).toEqual(['localhost:80', '127.0.0.1:80', '[::1]:80']);
    expect(parseAllowedHosts(' App.Example.com , 10.0.0.5:8080 ')).toEqual(['app.example.com', '10.0.0.5:8080']);
    const cfg = { publicUrl: 'http://localhost:8080', publicUrlFixed: false, allowedHosts: ['app.example.com', '10.0.0.5:8080'] };
    const req = (host: string, protocol = 'http') => ({ protocol, get: () => host });
    expect(linkBaseFor(cfg, req('APP.example.com:8443', 'https'))).toBe('https://app.example.com:8443');
    expect(linkBaseFor(cfg, req('10.0.0.5:9999'))).toBe('http://localhost:8080');
    // A config built by hand (no publicUrlFixed) keeps its publicUrl, as before.
    expect(linkBaseFor({ publicUrl: 'http://x.example' }, req('127.0.0.1:8080'))).toBe('http://x.example');
  });
});
