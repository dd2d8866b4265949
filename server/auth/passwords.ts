import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/errors';

/**
 * Password hashing with scrypt (node:crypto). Stored as a self-describing string so the cost can
 * be raised later without breaking existing hashes:
 *
 *   $scrypt$ln=15,r=8,p=1$<salt, base64url>$<hash, base64url>
 *
 * `ln` is log2(N). {@link needsRehash} tells the login path when to re-hash with current settings.
 */
export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: Readonly<ScryptParams> = Object.freeze({ ln: 15, r: 8, p: 1 });
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds for parameters read back from storage, so a corrupt hash cannot exhaust the machine. */
const MAX_LN = 20;
const MAX_R = 32;
const MAX_P = 16;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** A 400 answer saying what to change in the password. */
export class WeakPasswordError extends HttpError {
  constructor(message: string) {
    super(400, message);
    this.name = 'WeakPasswordError';
  }
}

/**
 * The minimum rules: 10–256 characters (counted as Unicode code points) and not only whitespace.
 * Returns null when acceptable, otherwise a message saying what to change.
 */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string') return 'Enter a password.';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return `The password is too short: use at least ${PASSWORD_MIN_LENGTH} characters (a few words work well).`;
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return `The password is too long: use at most ${PASSWORD_MAX_LENGTH} characters.`;
  }
  if (password.trim() === '') return 'The password cannot be only spaces.';
  return null;
}

/** Throws {@link WeakPasswordError} when {@link passwordProblem} finds something. */
export function assertPasswordAcceptable(password: unknown): asserts password is string {
  const problem = passwordProblem(password);
  if (problem) throw new WeakPasswordError(problem);
}

function scryptAsync(password: string, salt: Uint8Array, params: ScryptParams, keylen: number): Promise<Uint8Array> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default maxmem (32 MiB) is exactly what N=2^15, r=8 needs, and Node refuses at the limit.
    maxmem: 128 * N * params.r * params.p + 64 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(new Uint8Array(key))));
  });
}

/** Hashes a password with a fresh random salt. Does not apply the password rules. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const key = await scryptAsync(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

interface ParsedHash {
  params: ScryptParams;
  salt: Uint8Array;
  key: Uint8Array;
}

const HASH_FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

function parseHash(encoded: string): ParsedHash | null {
  const m = HASH_FORMAT.exec(encoded);
  if (!m) return null;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) {
    return null;
  }
  const salt = new Uint8Array(Buffer.from(m[4], 'base64url'));
  const key = new Uint8Array(Buffer.from(m[5], 'base64url'));
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { params, salt, key };
}

/** Checks a password against a stored hash in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed) return false;
  const candidate = await scryptAsync(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when the stored hash uses weaker (or unreadable) parameters than `params`. */
export function needsRehash(encoded: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parseHash(encoded);
  if (!parsed) return true;
  const p = parsed.params;
  return p.ln < params.ln || p.r < params.r || p.p < params.p || parsed.key.length < KEY_BYTES;
}
