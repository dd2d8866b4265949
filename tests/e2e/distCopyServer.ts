/**
 * A private server on its own port (so its own origin and service worker) serving a copy of dist/,
 * for specs that change the copy's sw.js to publish a "new version" (update.spec.ts, pwa.spec.ts).
 */
import { test } from '@playwright/test';
import { appendFileSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';

export interface DistCopyServer {
  /** `http://127.0.0.1:<port>` once the suite's beforeAll has run. */
  origin: string;
  /** Makes the copy's service worker differ, as a deployment of a new version does. */
  publishNewVersion(): void;
}

/** Registers beforeAll/afterAll in the calling describe (or file) and returns the server's handle. */
export function useDistCopyServer(prefix: string): DistCopyServer {
  let server: Server | undefined;
  let dir = '';
  const handle: DistCopyServer = {
    origin: '',
    publishNewVersion: () => appendFileSync(join(dir, 'sw.js'), '\n// new version\n'),
  };
  test.beforeAll(async () => {
    const dist = resolve(process.cwd(), 'dist');
    test.skip(!existsSync(join(dist, 'sw.js')), 'dist/ is missing: run `npm run build` first.');
    dir = mkdtempSync(join(tmpdir(), prefix));
    cpSync(dist, dir, { recursive: true });
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: join(dir, 'data') });
    const app = createApp({ config, staticDir: dir });
    await new Promise<void>((done) => {
      server = app.listen(0, '127.0.0.1', () => done());
    });
    handle.origin = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    if (server) await new Promise<void>((done) => server!.close(() => done()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return handle;
}
