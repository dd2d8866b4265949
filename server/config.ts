import { resolve } from 'node:path';
import { defaultAllowedHosts, parseAllowedHosts } from './http/linkBase';

/** HS256 needs a key at least as long as the hash output (same as server/auth/tokens MIN_SECRET_BYTES). */
const MIN_AUTH_SECRET_BYTES = 32;

export interface Config {
  /** TCP port (PORT, default 8080). */
  port: number;
  /**
   * Interface to listen on (HOST, default 127.0.0.1: loopback, reachable from this machine only).
   * Set HOST=0.0.0.0 (or an address) to serve other machines, typically behind a TLS proxy.
   */
  host: string;
  /** Where the server keeps its data (DATA_DIR, default ./data), as an absolute path. */
  dataDir: string;
  /** NODE_ENV, default "development". */
  nodeEnv: string;
  /**
   * AUTH_SECRET: the key for access tokens and mailed links (at least 32 bytes). When unset, see
   * `resolveAuthSecret` in server/auth/secret.ts (one generated once and kept in DATA_DIR/auth-secret).
   */
  authSecret?: string;
  /**
   * EARNEST_DEV_OUTBOX=1 (`npm run dev:server`): keep mail in memory and show it at /api/dev/outbox
   * (loopback clients only) instead of logging it. Refused with NODE_ENV=production or a non-loopback
   * HOST by {@link assertSafeToStart}.
   */
  devOutbox: boolean;
  /**
   * LOCAL_BILLING: 1 offers the built-in local (no card, test-mode) checkout even where it is not the
   * default; 0 never offers it. Unset: see `billingProviderOf` in server/billing/provider.ts.
   */
  localBilling?: boolean;
  /** PUBLIC_URL: the address users reach the app at, for links in mail (default http://localhost:PORT), no trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Unset, links follow each request's own origin when its host is in
   * `allowedHosts` (server/http/linkBase.ts); absent (configs built by hand) counts as set.
   */
  publicUrlFixed?: boolean;
  /** ALLOWED_HOSTS (comma-separated host[:port]); default the loopback names, and HOST, at PORT. */
  allowedHosts?: string[];
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465. When unset, mail goes to the dev outbox with EARNEST_DEV_OUTBOX=1, else it is logged (recipient and subject) and dropped. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of outgoing mail (default "Earnest <no-reply@HOST-of-PUBLIC_URL>"). */
  mailFrom: string;
  /** CONTACT_EMAIL: where contact-form messages are mailed (they are always stored). */
  contactEmail?: string;
  /** Stripe, when STRIPE_SECRET_KEY is set; otherwise see `billingProviderOf` (server/billing/provider.ts). */
  stripe?: StripeConfig;
  /** COUCHDB_PROXY_SECRET: CouchDB's [chttpd_auth] secret, for proxy authentication through the sync gateway. */
  couchProxySecret?: string;
  /**
   * TRUST_PROXY: Express's "trust proxy" setting (hops count, or a list of addresses), so rate limits
   * see the client's address behind a load balancer. Unset: no proxy is trusted.
   */
  trustProxy?: number | string;
}

export interface StripeConfig {
  /** STRIPE_SECRET_KEY (sk_live_… or sk_test_…). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (whsec_…): without it the webhook endpoint refuses every event. */
  webhookSecret?: string;
  /**
   * STRIPE_API_BASE: another API address (e.g. a fake Stripe on http://127.0.0.1:12111). Honoured
   * only for sk_test_ keys and loopback hosts, so a live key can never be sent elsewhere.
   */
  apiBase?: string;
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
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    nodeEnv: env.NODE_ENV?.trim() || 'development',
    devOutbox: parseFlag(env, 'EARNEST_DEV_OUTBOX') ?? false,
    publicUrl: parsePublicUrl(env.PUBLIC_URL?.trim() || `http://localhost:${port}`),
    publicUrlFixed: Boolean(env.PUBLIC_URL?.trim()),
    mailFrom: '',
  };
  config.allowedHosts = env.ALLOWED_HOSTS?.trim() ? parseAllowedHosts(env.ALLOWED_HOSTS) : defaultAllowedHosts(port, config.host);
  config.mailFrom = env.MAIL_FROM?.trim() || `Earnest <no-reply@${new URL(config.publicUrl).hostname}>`;

  const smtpUrl = env.SMTP_URL?.trim();
  if (smtpUrl) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new Error(`SMTP_URL is not a valid URL: "${redact(smtpUrl)}". Use e.g. smtps://user:password@smtp.example.com:465.`);
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
      throw new Error(`SMTP_URL must start with smtp:// or smtps://; got "${redact(smtpUrl)}".`);
    }
    config.smtpUrl = smtpUrl;
  }
  const contactEmail = env.CONTACT_EMAIL?.trim();
  if (contactEmail) {
    if (!/^[^\s@]+@[^\s@]+$/.test(contactEmail)) throw new Error(`CONTACT_EMAIL is not an email address: "${contactEmail}".`);
    config.contactEmail = contactEmail;
  }

  const stripeKey = env.STRIPE_SECRET_KEY?.trim();
  if (stripeKey) {
    if (!/^(sk|rk)_(live|test)_/.test(stripeKey)) {
      throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…). Unset it to use local billing.');
    }
    const stripe: StripeConfig = { secretKey: stripeKey };
    const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
    if (webhookSecret) stripe.webhookSecret = webhookSecret;
    const apiBase = env.STRIPE_API_BASE?.trim();
    if (apiBase) {
      let url: URL;
      try {
        url = new URL(apiBase);
      } catch {
        throw new Error(`STRIPE_API_BASE is not a valid URL: "${apiBase}".`);
      }
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      if (!stripeKey.includes('_test_') || !loopback) {
        throw new Error('STRIPE_API_BASE may only point a test key (sk_test_…) at a loopback address; unset it for real Stripe.');
      }
      stripe.apiBase = url.href.replace(/\/+$/, '');
    }
    config.stripe = stripe;
  }

  const localBilling = parseFlag(env, 'LOCAL_BILLING');
  if (localBilling !== undefined) config.localBilling = localBilling;

  const proxySecret = env.COUCHDB_PROXY_SECRET?.trim();
  if (proxySecret) config.couchProxySecret = proxySecret;

  const trustProxy = env.TRUST_PROXY?.trim();
  if (trustProxy) config.trustProxy = /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy;

  const secret = env.AUTH_SECRET?.trim();
  if (secret) {
    const bytes = Buffer.byteLength(secret, 'utf8');
    if (bytes < MIN_AUTH_SECRET_BYTES) {
      throw new Error(
        `AUTH_SECRET is too short (${bytes} bytes): use at least ${MIN_AUTH_SECRET_BYTES} random bytes, e.g. \`openssl rand -base64 48\`.`,
      );
    }
    if (PUBLISHED_AUTH_SECRETS.includes(secret)) {
      throw new Error(
        'AUTH_SECRET is a value published in Earnest\'s source code, so anyone could sign tokens with it: set a random one, e.g. `openssl rand -base64 48`, or unset it to have one generated in DATA_DIR/auth-secret.',
      );
    }
    config.authSecret = secret;
  }
  return config;
}

/**
 * Secrets that appear in Earnest's source or history and so are known to everyone: the development
 * secret earlier versions signed with when AUTH_SECRET was unset. Refused as AUTH_SECRET and in
 * DATA_DIR/auth-secret.
 */
export const PUBLISHED_AUTH_SECRETS: readonly string[] = ['earnest-development-secret-do-not-use-in-production'];

/** True for a loopback interface or address: 127.0.0.0/8, ::1 (also IPv4-mapped), `localhost`. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (a === 'localhost' || a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const v4 = a.startsWith('::ffff:') ? a.slice('::ffff:'.length) : a;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Refuses (throws, one line naming the variable and what to do) a configuration that must not
 * serve: development conveniences in production or on an interface other machines can reach.
 * The server calls it before listening; loadConfig alone stays usable by the admin CLI.
 */
export function assertSafeToStart(config: Pick<Config, 'devOutbox' | 'nodeEnv' | 'host'>): void {
  if (!config.devOutbox) return;
  if (config.nodeEnv === 'production') {
    throw new Error(
      'EARNEST_DEV_OUTBOX=1 is not allowed with NODE_ENV=production (it would keep mail, with its sign-in links, in the server): unset EARNEST_DEV_OUTBOX and set SMTP_URL.',
    );
  }
  if (!isLoopbackAddress(config.host)) {
    throw new Error(
      `HOST=${config.host} is not a loopback address, and EARNEST_DEV_OUTBOX=1 (npm run dev:server) keeps mail with its sign-in links in the server: use HOST=127.0.0.1 for development, or unset EARNEST_DEV_OUTBOX (npm start) to serve other machines.`,
    );
  }
}

/** A yes/no variable: 1/true/yes or 0/false/no (any case); unset or blank → undefined. */
function parseFlag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return undefined;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be 1 or 0 (also true/false, yes/no); got "${env[name]}".`);
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

/** The URL with its password masked, for error messages. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
