import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real server on loopback, serving the already-built dist/ (npm run test:e2e builds first). */
const PORT = Number(process.env.E2E_PORT || 4317);
const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx server/index.ts',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      // Not production, with the dev mail outbox (/api/dev/outbox, loopback only) asked for
      // explicitly: tests follow mailed links through it.
      NODE_ENV: 'development',
      EARNEST_DEV_OUTBOX: '1',
      // The built-in test-mode checkout (the default on loopback outside production; explicit here).
      LOCAL_BILLING: '1',
      // Links in mail and checkout URLs point where the browser is (127.0.0.1, not localhost).
      PUBLIC_URL: BASE_URL,
      // Every spec signs up from one address: the per-address limits (10 sign-ups an hour) would
      // stop the suite; the per-account sign-in delays stay as they are.
      RATE_LIMIT_IP_FACTOR: '50',
      DATA_DIR: join(tmpdir(), `earnest-e2e-${PORT}`),
    },
  },
});
