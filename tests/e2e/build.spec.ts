import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Checks the production build (npm run test:e2e builds it first). No browser needed.
const dist = resolve(process.cwd(), 'dist');

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

function precacheUrls(): string[] {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1]);
  return urls;
}

test.beforeAll(() => {
  test.skip(!existsSync(join(dist, 'index.html')), 'dist/ is missing: run `npm run build` first.');
});

test('sw.js and manifest.webmanifest exist', () => {
  expect(existsSync(join(dist, 'sw.js'))).toBe(true);
  expect(existsSync(join(dist, 'manifest.webmanifest'))).toBe(true);
});

test('sw.js is a classic (IIFE) script, not an ES module', () => {
  const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
  expect(sw).not.toMatch(/^\s*import[\s{*]/m);
  expect(sw).not.toMatch(/^\s*export[\s{*]/m);
  expect(sw).not.toContain('self.__WB_MANIFEST');
});

test('web manifest fields', () => {
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8'));
  expect(manifest.name).toBe('Earnest — Earned Value Management');
  expect(manifest.short_name).toBe('Earnest');
  expect(manifest.id).toBe('/app');
  expect(manifest.start_url).toBe('/app');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  expect(icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
      expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'any' }),
      expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'maskable' }),
    ]),
  );
  // Every icon exists and is a PNG of the stated size.
  for (const icon of icons) {
    const png = readFileSync(join(dist, icon.src));
    expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
    const [w, h] = icon.sizes.split('x').map(Number);
    expect(png.readUInt32BE(16), icon.src).toBe(w);
    expect(png.readUInt32BE(20), icon.src).toBe(h);
  }
  const apple = readFileSync(join(dist, 'apple-touch-icon.png'));
  expect(apple.readUInt32BE(16)).toBe(180);
  expect(existsSync(join(dist, 'favicon.svg'))).toBe(true);
  expect(existsSync(join(dist, 'robots.txt'))).toBe(true);
});

test('index.html links the manifest, icons and theme colour', () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('rel="apple-touch-icon"');
  expect(html).toContain('name="theme-color"');
  expect(html).toContain('name="viewport"');
  expect(html).toContain('name="description"');
});

test('the precache lists index.html, every lazy route chunk and every emitted script', () => {
  const urls = precacheUrls();
  expect(urls).toContain('index.html');
  expect(urls).toContain('manifest.webmanifest');
  expect(new Set(urls).size).toBe(urls.length); // no duplicates
  expect(urls).not.toContain('sw.js');

  // Every lazily imported page (site, pwa, app) is a dynamic entry, and every one is precached.
  const viteManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ViteManifestChunk>;
  const dynamic = Object.values(viteManifest).filter((c) => c.isDynamicEntry);
  const pageSources = dynamic.map((c) => c.src ?? '');
  for (const page of ['src/site/HomePage.tsx', 'src/site/PricingPage.tsx', 'src/site/NotFoundPage.tsx', 'src/pwa/PwaInstallPage.tsx', 'src/app/AppArea.tsx']) {
    expect(pageSources, page).toContain(page);
  }
  expect(dynamic.length).toBeGreaterThanOrEqual(23);
  for (const chunk of dynamic) {
    expect(urls, `${chunk.src} → ${chunk.file}`).toContain(chunk.file);
  }

  // All JS and CSS the build emitted (route chunks, shared chunks, worker bundles).
  const assets = readdirSync(join(dist, 'assets'), { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(js|css)$/.test(d.name))
    .map((d) => join(d.parentPath, d.name).slice(dist.length + 1).replace(/\\/g, '/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expect(urls, asset).toContain(asset);
});

test('the report libraries (pdfmake and its fonts, exceljs) are chunks only the data worker loads, and are precached', () => {
  const urls = precacheUrls();
  const assets = readdirSync(join(dist, 'assets')).filter((n) => n.endsWith('.js'));
  const libs = assets.filter((n) => /^(pdfmake|vfs_fonts|exceljs)/.test(n));
  expect(libs.map((n) => n.replace(/-[\w-]+\.js$/, '')).sort()).toEqual(['exceljs.min', 'pdfmake', 'vfs_fonts']);
  for (const lib of libs) {
    expect(urls, lib).toContain(`assets/${lib}`);
    // Only the data worker names the chunk: the page never imports it.
    const importers = assets.filter((n) => n !== lib && readFileSync(join(dist, 'assets', n), 'utf8').includes(lib));
    expect(importers.map((n) => n.replace(/-[\w-]+\.js$/, '')), lib).toEqual(['data.worker']);
  }
});

test('the MPX reader is a chunk only the import worker loads (on demand), and is precached', () => {
  const urls = precacheUrls();
  const assets = readdirSync(join(dist, 'assets')).filter((n) => n.endsWith('.js'));
  const mpx = assets.filter((n) => /^mpx-/.test(n));
  expect(mpx).toHaveLength(1);
  expect(urls).toContain(`assets/${mpx[0]}`);
  const importers = assets.filter((n) => n !== mpx[0] && readFileSync(join(dist, 'assets', n), 'utf8').includes(mpx[0]));
  expect(importers.map((n) => n.replace(/-[\w-]+\.js$/, ''))).toEqual(['import.worker']);
  // A dynamic import: a P6 user's import worker never fetches it.
  expect(readFileSync(join(dist, 'assets', importers[0]), 'utf8')).toMatch(new RegExp(`import\\(\\s*[\`'"]\\./${mpx[0].replace(/[.-]/g, '\\$&')}`));
  // The reader's own code is in that chunk and nowhere else.
  const holders = assets.filter((n) => readFileSync(join(dist, 'assets', n), 'utf8').includes('MPX files have no status date'));
  expect(holders).toEqual(mpx);
});

test("the Asta reader and sql.js are chunks only an Asta import loads, and sql.js's WebAssembly is precached", () => {
  const urls = precacheUrls();
  const all = readdirSync(join(dist, 'assets'));
  const assets = all.filter((n) => n.endsWith('.js'));
  const asta = assets.filter((n) => /^asta-/.test(n));
  expect(asta).toHaveLength(1);
  const importers = assets.filter((n) => n !== asta[0] && readFileSync(join(dist, 'assets', n), 'utf8').includes(asta[0]));
  expect(importers.map((n) => n.replace(/-[\w-]+\.js$/, ''))).toEqual(['import.worker']);
  // sql.js's JavaScript is loaded by the Asta reader alone, and its WebAssembly is precached for offline use.
  const sqlJs = assets.filter((n) => /^sql-wasm/.test(n));
  expect(sqlJs).toHaveLength(1);
  const sqlImporters = assets.filter((n) => n !== sqlJs[0] && readFileSync(join(dist, 'assets', n), 'utf8').includes(sqlJs[0]));
  expect(sqlImporters).toEqual(asta);
  const wasm = all.filter((n) => n.endsWith('.wasm'));
  expect(wasm).toHaveLength(1);
  expect(urls).toContain(`assets/${wasm[0]}`);
  expect(urls).toContain(`assets/${asta[0]}`);
});

test('the .mpp reader is a chunk only the import worker loads (on demand), and is precached', () => {
  const urls = precacheUrls();
  const assets = readdirSync(join(dist, 'assets')).filter((n) => n.endsWith('.js'));
  const mpp = assets.filter((n) => /^mpp-/.test(n));
  expect(mpp).toHaveLength(1);
  expect(urls).toContain(`assets/${mpp[0]}`);
  const importers = assets.filter((n) => n !== mpp[0] && readFileSync(join(dist, 'assets', n), 'utf8').includes(mpp[0]));
  expect(importers.map((n) => n.replace(/-[\w-]+\.js$/, ''))).toEqual(['import.worker']);
});
