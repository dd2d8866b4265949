import { fileURLToPath } from 'node:url';
import { createApp, defaultMailer } from './app';
import { resolveAuthSecret, sweepExpiredAuthRecords } from './auth';
import { billingStartupWarning } from './billing';
import { assertSafeToStart, loadConfig, type Config } from './config';
import { createRetentionSchedule, describeRetention } from './retention';
import { rateLimitsFromEnv } from './security/rateLimits';
import { ensurePrivateDataDir, openStore, storeOptionsFromEnv, type Store } from './store';

/**
 * Configuration, data directory, store and secret, or one line naming what is wrong and exit 1
 * (a stack trace would bury the variable to fix). Nothing listens before this has passed.
 */
function prepare(): { config: Config; store: Store; authSecret: string } {
  // Everything this process writes (LevelDB files, the auth secret) is for its own user only, even
  // if someone later widens DATA_DIR's mode.
  process.umask(0o077);
  try {
    const config = loadConfig();
    assertSafeToStart(config);
    ensurePrivateDataDir(config.dataDir);
    const store = openStore(storeOptionsFromEnv(process.env, config.dataDir));
    const { secret: authSecret } = resolveAuthSecret(config);
    return { config, store, authSecret };
  } catch (err) {
    console.error(`Earnest cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

const { config, store, authSecret } = prepare();
const billingWarning = billingStartupWarning(config);
if (billingWarning) console.warn(billingWarning);
if (config.devOutbox) console.log('Development outbox on (EARNEST_DEV_OUTBOX=1): mail is kept in memory, readable at /api/dev/outbox from this machine only.');

const staticDir = process.env.STATIC_DIR || fileURLToPath(new URL('../dist', import.meta.url));
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
