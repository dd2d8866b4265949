import { resolve } from 'node:path';

/** HS256 needs a key at least as long as the hash output (same as server/auth/tokens MIN_SECRET_BYTES). */
const MIN_AUTH_SECRET_BYTES = 32;

export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /** Interface to listen on (HOST, default 0.0.0.0; tests use 127.0.0.1). */
  host: string;
  /** Where the server keeps its data (DATA_DIR, default ./data), as an absolute path. */
  dataDir: string;
  /** NODE_ENV, default "development". */
  nodeEnv: string;
  /**
   * AUTH_SECRET: the key for access tokens and mailed links (at least 32 bytes). When unset, see
   * `resolveAuthSecret` in server/auth/secret.ts (a fixed dev secret, or one persisted in DATA_DIR).
   */
  authSecret?: string;
  /** PUBLIC_URL: the address users reach the app at, for links in mail (default http://localhost:PORT), no trailing slash. */
  publicUrl: string;
}

/** Reads the configuration from the environment, rejecting values that cannot work. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawPort = env.PORT?.trim() || '8080';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535; got "${rawPort}".`);
  }

  const config: Config = {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    nodeEnv: env.NODE_ENV?.trim() || 'development',
    publicUrl: parsePublicUrl(env.PUBLIC_URL?.trim() || `http://localhost:${port}`),
  };

  const secret = env.AUTH_SECRET?.trim();
  if (secret) {
    const bytes = Buffer.byteLength(secret, 'utf8');
    if (bytes < MIN_AUTH_SECRET_BYTES) {
      throw new Error(
        `AUTH_SECRET is too short (${bytes} bytes): use at least ${MIN_AUTH_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\`.`,
      );
    }
    config.authSecret = secret;
  }
  return config;
}

function parsePublicUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PUBLIC_URL is not a valid URL: "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must start with http:// or https://; got "${raw}".`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be a plain address like https://earnest.example.com; got "${raw}".`);
  }
  return url.href.replace(/\/+$/, '');
}
