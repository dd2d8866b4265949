import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLISHED_AUTH_SECRETS } from '../config';
import { ensurePrivateDataDir } from '../store';
import { MIN_SECRET_BYTES } from './tokens';

/**
 * Where the auth secret comes from, in every environment (development included: a fixed secret
 * would be public, and anyone reaching the port could forge tokens with it):
 * 1. AUTH_SECRET (validated by loadConfig);
 * 2. `DATA_DIR/auth-secret`, generated once (mode 0600) and reused, so a one-machine install needs
 *    no setup and tokens survive restarts. Several instances must share AUTH_SECRET.
 */
export const AUTH_SECRET_FILE = 'auth-secret';

export interface SecretSource {
  authSecret?: string;
  dataDir: string;
}

export interface ResolvedSecret {
  secret: string;
  source: 'env' | 'file-created' | 'file';
}

export function resolveAuthSecret(
  config: SecretSource,
  log: (line: string) => void = (line) => console.warn(line),
): ResolvedSecret {
  if (config.authSecret) return { secret: config.authSecret, source: 'env' };

  const file = join(config.dataDir, AUTH_SECRET_FILE);
  const existing = readSecretFile(file);
  if (existing !== null) return { secret: existing, source: 'file' };

  ensurePrivateDataDir(config.dataDir, log);
  const secret = randomBytes(48).toString('base64url');
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600); // the umask may have narrowed nothing but could not widen; make it exact
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = readSecretFile(file);
      if (theirs !== null) return { secret: theirs, source: 'file' };
    }
    throw err;
  }
  log(`AUTH_SECRET is not set: generated one and saved it in ${file} (keep this file private).`);
  return { secret, source: 'file-created' };
}

function readSecretFile(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const secret = text.trim();
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(`${file} holds no usable secret (at least ${MIN_SECRET_BYTES} bytes needed): delete it to generate a new one, or set AUTH_SECRET.`);
  }
  if (PUBLISHED_AUTH_SECRETS.includes(secret)) {
    throw new Error(`${file} holds a secret published in Earnest's source code: delete it to generate a new one, or set AUTH_SECRET.`);
  }
  return secret;
}
