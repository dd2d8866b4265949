import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, IMMUTABLE, VERSION } from '../../server/app';
import { loadConfig } from '../../server/config';

const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(tmpdir(), 'earnest-server-test') });
const INDEX = '<!doctype html><title>Fake shell</title><div id="root">fake-index</div>';

let staticDir: string;

beforeAll(() => {
  staticDir = mkdtempSync(join(tmpdir(), 'earnest-dist-'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'index-AbC123xy.js'), 'console.log("app");');
});

afterAll(() => {
  rmSync(staticDir, { recursive: true, force: true });
});

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1'); // loopback: nothing is served to the network unless HOST says so
    expect(c.dataDir).toBe(join(process.cwd(), 'data'));
    expect(c.nodeEnv).toBe('development');
    expect(c.devOutbox).toBe(false);
    expect(c.localBilling).toBeUndefined();
  });

  it('rejects a port that cannot work', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});

describe('API', () => {
  const app = createApp({ config });

  it('GET /api/health reports status, version and time', async () => {
    const before = Date.now();
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.status).toBe('ok');
    expect(res.body.version).toBe(VERSION);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(new Date(res.body.time).toISOString()).toBe(res.body.time);
    expect(Date.parse(res.body.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('unknown /api/* is a JSON 404 naming the path', async () => {
    const res = await request(app).get('/api/does/not/exist?x=1');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'Not found', path: '/api/does/not/exist' });

    const post = await request(app).post('/api/nothing').send({ a: 1 });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ error: 'Not found', path: '/api/nothing' });
  });

  it('malformed JSON gets a JSON 400, not an HTML error page', async () => {
    const res = await request(app).post('/api/health').set('Content-Type', 'application/json').send('{"oops":');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('without a staticDir, page paths are JSON 404s', async () => {
    const res = await request(app).get('/pricing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', path: '/pricing' });
  });
});

describe('serving the built app', () => {
  const app = () => createApp({ config, staticDir });

  it('SPA fallback: /pricing and other routes get index.html, not cached', async () => {
    for (const path of ['/pricing', '/blog/category/planning', '/app/account', '/no/such/page']) {
      const res = await request(app()).get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('/ serves index.html', async () => {
    const res = await request(app()).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });

  it('/api/* and /db/* never get index.html', async () => {
    for (const path of ['/api/anything', '/api', '/api/', '/db/team-1/_changes', '/db']) {
      const res = await request(app()).get(path);
      // /db/<team>/… is the sync gateway: 401 without a token; the rest are unknown paths.
      expect(res.status, path).toBe(path.startsWith('/db/') ? 401 : 404);
      expect(res.headers['content-type'], path).toMatch(/application\/json/);
      expect(res.text, path).not.toContain('fake-index');
    }
    const health = await request(app()).get('/api/health');
    expect(health.body.status).toBe('ok');
  });

  it('file-like paths that do not exist are 404s, not the shell', async () => {
    const res = await request(app()).get('/missing-image.png');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('fake-index');
  });

  it('hashed assets are immutable; sw.js and index.html are revalidated', async () => {
    const asset = await request(app()).get('/assets/index-AbC123xy.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expect(asset.headers['cache-control']).toContain('immutable');

    const sw = await request(app()).get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/javascript/);

    const index = await request(app()).get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');

    const robots = await request(app()).get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).not.toContain('immutable');
  });

  it('only GET falls back to the shell', async () => {
    const res = await request(app()).post('/pricing');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('fake-index');
  });

  it('a missing build is reported, not crashed on', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'earnest-empty-'));
    try {
      const res = await request(createApp({ config, staticDir: empty })).get('/pricing');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/not built/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
