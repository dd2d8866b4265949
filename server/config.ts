import { resolve } from 'node:path';

export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /** Interface to listen on (HOST, default 0.0.0.0; tests use 127.0.0.1). */
  host: string;
  /** Where the server keeps its data (DATA_DIR, default ./data), as an absolute path. */
  dataDir: string;
  /** NODE_ENV, default "development". */
  nodeEnv: string;
}

/** Reads the configuration from the environment, rejecting values that cannot work. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawPort = env.PORT?.trim() || '8080';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535; got "${rawPort}".`);
  }
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    nodeEnv: env.NODE_ENV?.trim() || 'development',
  };
}
