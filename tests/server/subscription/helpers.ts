import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { expect } from 'vitest';
import type { Express } from 'express';
import type { PriceCatalogue } from '../../../src/core/plans';
import { createApp } from '../../../server/app';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../../../server/auth';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';

export const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const PW = 'a perfectly fine password';

export interface Harness {
  dir: string;
  store: Store;
  app: Express;
  clock: { now: number };
  signup(email?: string): Promise<string>;
  /** A fresh access token for a user id at the current test clock (tokens live 15 minutes). */
  tokenFor(userId: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real app over a LevelDB store in a temp dir, with a settable clock. `env` adds configuration
 * variables (e.g. Stripe's), `catalogue` replaces the price ids.
 */
export function harness(prefix: string, env: Record<string, string> = {}, catalogue?: Readonly<PriceCatalogue>): Harness {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = openStore({ dataDir: dir });
  const clock = { now: Date.parse('2026-03-01T12:00:00.000Z') };
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, ...env });
  const app = createApp({
    config,
    store,
    mailer: new DevOutbox(),
    authSecret: SECRET,
    now: () => clock.now,
    ...(catalogue ? { catalogue } : {}),
  });
  return {
    dir,
    store,
    app,
    clock,
    async signup(email = 'ada@example.com') {
      const res = await request(app).post('/api/auth/signup').send({ email, password: PW });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.accessToken as string;
    },
    tokenFor(userId: string) {
      const settings = accessTokenSettings({ secret: SECRET, issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
      return signAccessToken(settings, { sub: userId }, new Date(clock.now));
    },
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
