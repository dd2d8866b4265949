#!/usr/bin/env node
// Renders the app icons (public/icons/*.png, public/apple-touch-icon.png) from the logo SVG with
// headless Chromium. Run: node scripts/make-icons.mjs   (CHROMIUM_PATH overrides the browser).
import { chromium } from '@playwright/test';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The mark on a 64-unit grid: baseline, S-curve and the green "on target" dot.
const MARK = `
  <path d="M14 52H50" stroke="#fff" stroke-opacity=".35" stroke-width="3" stroke-linecap="round"/>
  <path d="M14 44C28 44 30 16 48 16" fill="none" stroke="#fff" stroke-width="5.5" stroke-linecap="round"/>
  <circle cx="48" cy="16" r="5.5" fill="#34d399"/>`;

/** "any" icons: rounded tile with transparent corners. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="15" fill="#1d4ed8"/>${MARK}</svg>`;

/** Full-bleed square (maskable / Apple): the mark scaled into the central 70% safe zone. */
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4ed8"/><g transform="translate(9.6 9.6) scale(0.7)">${MARK}</g></svg>`;

const appleTouch = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1d4ed8"/><g transform="translate(6.4 6.4) scale(0.8)">${MARK}</g></svg>`;

const targets = [
  { file: 'public/icons/icon-192.png', size: 192, svg: rounded },
  { file: 'public/icons/icon-512.png', size: 512, svg: rounded },
  { file: 'public/icons/icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'public/apple-touch-icon.png', size: 180, svg: appleTouch },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, svg } of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const out = resolve(root, file);
    mkdirSync(dirname(out), { recursive: true });
    await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${file}  ${size}x${size}  ${statSync(out).size} bytes`);
  }
} finally {
  await browser.close();
}
