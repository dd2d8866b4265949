import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { expect } from 'vitest';
import type { PriceCatalogue } from '../../../src/core/plans';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DevOutbox } from '../../../server/mail';
import { openStore, type Store } from '../../../server/store';
import type { AnalyticsEventDoc } from '../../../server/subscription/service';
import { PW, SECRET, type Harness } from '../subscription/helpers';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, accessTokenSettings, signAccessToken } from '../../../server/auth';

export const WEBHOOK_SECRET = 'whsec_test';
export const T0 = Date.parse('2026-03-01T12:00:00.000Z');

/** Like the subscription harness, but with Stripe configured against a fake API at `apiBase`. */
export function stripeHarness(
  prefix: string,
  apiBase: string,
  env: Record<string, string> = {},
  catalogue?: Readonly<PriceCatalogue>,
): Harness {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = openStore({ dataDir: dir });
  const clock = { now: T0 };
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dir,
    PUBLIC_URL: 'https://earnest.example',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
    ...env,
  });
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

/** The subscription-category analytics events stored, oldest first. */
export async function subscriptionEvents(store: Store, userId?: string): Promise<AnalyticsEventDoc[]> {
  const all = await store.db<AnalyticsEventDoc>('analytics').allDocs({ include_docs: true });
  return all.rows
    .map((r) => r.doc!)
    .filter((d) => d.type === 'analytics_event' && d.event_category === 'subscription' && (!userId || d.user_id === userId))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
}

export const eventTypes = (events: AnalyticsEventDoc[]): string[] => events.map((e) => e.event_type);
