import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { resolveAuthSecret } from './auth';
import { loadConfig } from './config';
import { openStore, storeOptionsFromEnv } from './store';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });

const staticDir = process.env.STATIC_DIR || fileURLToPath(new URL('../dist', import.meta.url));
const store = openStore(storeOptionsFromEnv(process.env, config.dataDir));
const { secret: authSecret } = resolveAuthSecret(config);
const app = createApp({ config, staticDir, store, authSecret });

const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Earnest listening on http://${shown}:${port} (${config.nodeEnv}; data in ${config.dataDir})`);
});

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
