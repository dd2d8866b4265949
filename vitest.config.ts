import { defineConfig } from 'vitest/config';

// Unit (src/core), server and web tests. Browser end-to-end tests run under Playwright instead
// (playwright.config.ts), against the built app served by the real server.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
