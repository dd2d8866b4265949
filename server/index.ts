import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp, defaultMailer } from './app';
import { resolveAuthSecret, sweepExpiredAuthRecords } from './auth';
import { loadConfig } from './config';
import { createRetentionSchedule, describeRetention } from './retention';
import { rateLimitsFromEnv } from './security/rateLimits';
import { openStore, storeOptionsFromEnv } from './store';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });

const staticDir = process.env.STATIC_DIR || fileURLToPath(new URL('../dist', import.meta.url));
const store = openStore(storeOptionsFromEnv(process.env, config.dataDir));
const { secret: authSecret } = resolveAuthSecret(config);
const mailer = defaultMailer(config);
const app = createApp({ config, staticDir, store, mailer, authSecret, rateLimits: rateLimitsFromEnv(process.env) });

const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Earnest listening on http://${shown}:${port} (${config.nodeEnv}; data in ${config.dataDir})`);
});

// Expired sessions and used link markers are removed at start-up and then hourly, and so is what
// the retention periods of the Privacy Policy say must go (server/retention).
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const sweep = () =>
  sweepExpiredAuthRecords(store).then(
    (r) => {
      const n = r.refreshTokens + r.families + r.linkMarkers;
      if (n > 0) console.log(`Removed ${r.refreshTokens} expired sessions, ${r.families} session families and ${r.linkMarkers} used link markers.`);
    },
    (err: unknown) => console.error('Could not remove expired auth records:', err),
  );
const retention = createRetentionSchedule({ store, mailer, publicUrl: config.publicUrl });
const sweepRetention = () =>
  retention.tick().then(
    (r) => {
      const line = r ? describeRetention(r) : null;
      if (line) console.log(line);
    },
    (err: unknown) => console.error('Retention sweeps failed:', err),
  );
void sweep().then(sweepRetention);
setInterval(() => void sweep().then(sweepRetention), SWEEP_EVERY_MS).unref();

server.on('error', (error) => {
  console.error(`Could not listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});

function shutdown(signal: string): void {
  console.log(`${signal} received, closing the server.`);
  server.close(() => {
    store.close().then(
      () => process.exit(0),
      () => process.exit(0),
    );
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
