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
  /** SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465. When unset, mail goes to the dev outbox (or is logged in production). */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of outgoing mail (default "Earnest <no-reply@HOST-of-PUBLIC_URL>"). */
  mailFrom: string;
  /** CONTACT_EMAIL: where contact-form messages are mailed (they are always stored). */
  contactEmail?: string;
  /** Stripe, when STRIPE_SECRET_KEY is set; otherwise the local billing provider is used. */
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
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    nodeEnv: env.NODE_ENV?.trim() || 'development',
    publicUrl: parsePublicUrl(env.PUBLIC_URL?.trim() || `http://localhost:${port}`),
    mailFrom: '',
  };
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

/** The URL with its password masked, for error messages. */
function redact(raw: string): string {
  return raw.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
