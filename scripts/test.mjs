#!/usr/bin/env node
// `npm test`: the unit, server and web tests (vitest), then the browser tests (Playwright in
// Chromium against the built app and the real server). Ends with one plain summary line,
// "N passed, N failed, N skipped", and a non-zero exit when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync } from 'node:fs';

mkdirSync('test-results', { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
// How long each step took, printed at the end so a creeping suite is seen (CI allows 40 minutes).
const startedAt = Date.now();
const steps = [];
const timed = (name, fn) => {
  const t0 = Date.now();
  const status = fn();
  steps.push(`${name} ${formatDuration(Date.now() - t0)}`);
  return status;
};
function formatDuration(ms) {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
}
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedStep = false;

// 1. vitest
const vitestJson = 'test-results/vitest.json';
const v = timed('vitest', () => run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`]));
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests ?? 0;
  totals.failed += r.numFailedTests ?? 0;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (v !== 0) failedStep = true;

// 2. Playwright (after a production build), unless asked to skip.
if (process.env.SKIP_E2E !== '1') {
  const b = timed('build', () => run('npm', ['run', 'build', '--silent']));
  if (b !== 0) {
    failedStep = true;
    totals.failed += 1;
    console.error('The production build failed, so the browser tests could not run.');
  } else {
    const pwJson = 'test-results/playwright.json';
    const p = timed('playwright', () =>
      run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, PLAYWRIGHT_JSON_OUTPUT_FILE: pwJson }),
    );
    if (existsSync(pwJson)) {
      const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
    }
    if (p !== 0) failedStep = true;
  }
}

if (failedStep && totals.failed === 0) totals.failed = 1; // a runner crashed before counting
console.log(`\nDuration: ${formatDuration(Date.now() - startedAt)} (${steps.join(', ')})`);
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStep || totals.failed > 0 ? 1 : 0);
