import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { createAuth, resolveAuthSecret, type Auth } from './auth';
import { createCloseAccountRouter } from './auth/closeAccount';
import { isLoopbackAddress, type Config } from './config';
import { HttpError } from './http/errors';
import { verifyJsonDepth } from './http/jsonDepth';
import { urlForLog } from './http/logUrl';
import { DevOutbox, SmtpMailer, UnconfiguredMailer, type Mailer } from './mail';
import { purgeClosedAccountNow } from './retention/closedAccounts';
import { priceCatalogueFromEnv, type PriceCatalogue } from '../src/core/plans';
import { createAnalyticsRouter } from './analytics';
import { createBillingFunctionsRouter, createBillingPagesRouter, createBillingWebhookRouter, createLocalRenewalMiddleware } from './billing';
import { createBlogRouter } from './blog';
import { createContactRouter } from './contact';
import { createRolesRouter, requireAdmin } from './roles';
import type { RouterDeps } from './routerDeps';
import { securityHeaders } from './security/headers';
import { createSeoRouter } from './seo';
import { createRateLimiters, type RateLimitSettings } from './security/rateLimits';
import { openStore, type Store } from './store';
import { createFunctionsRouter, createProfilesRouter } from './subscription';
import { createSyncGateway } from './sync';
import { createInvitationsRouter, createTeamMembersRouter, createTeamsRouter } from './teams';
import { linkBaseFor } from './http/linkBase';

export interface AppDeps {
  config: Config;
  /** The built web app (dist/). Without it the server answers /api only. */
  staticDir?: string;
  /**
   * The server's store. When absent, a LevelDB store under `config.dataDir` is opened on the first
   * /api/auth request (so apps that never touch auth, like the health tests, open nothing).
   */
  store?: Store;
  /**
   * Outgoing mail. Default: SMTP when SMTP_URL is set, else a {@link DevOutbox} with EARNEST_DEV_OUTBOX=1, else a
   * logging stand-in. A DevOutbox (given or default) is readable at /api/dev/outbox outside production, from loopback only.
   */
  mailer?: Mailer;
  /** The auth secret. Default: `resolveAuthSecret(config)` (AUTH_SECRET, or DATA_DIR/auth-secret generated once). */
  authSecret?: string | Uint8Array;
  /** Product and price ids; default: from the environment (see priceCatalogueFromEnv). */
  catalogue?: Readonly<PriceCatalogue>;
  /** Milliseconds since the epoch; for tests. */
  now?: () => number;
  /** Rate limits: the defaults (DEFAULT_RATE_LIMITS), some overridden, or false for none (load benchmarks). */
  rateLimits?: Partial<RateLimitSettings> | false;
}

/** The version in package.json, reported by /api/health. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Cache-Control for long-lived, content-hashed files (Vite writes them to assets/). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control for files whose name never changes but whose content does. */
export const NO_CACHE = 'no-cache';

/** Files that must be revalidated on every request: the shell, the service worker, the manifest. */
const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);

/** Paths the SPA must never answer: the API, the sync gateway, the local billing pages. */
const SERVER_PREFIXES = ['/api', '/db', '/billing'];
function isServerPath(path: string): boolean {
  return SERVER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

function notFound(req: Request, res: Response): void {
  res.status(404).json({ error: 'Not found', path: req.originalUrl.split('?')[0] });
}

/**
 * The mailer the server uses when none is given: SMTP when SMTP_URL is set, else the dev outbox when
 * explicitly asked for (EARNEST_DEV_OUTBOX=1, `npm run dev:server`; never in production), else a
 * stand-in that logs recipient and subject and sends nothing.
 */
export function defaultMailer(config: Config): Mailer {
  if (config.smtpUrl) return new SmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  return config.devOutbox && config.nodeEnv !== 'production' ? new DevOutbox() : new UnconfiguredMailer();
}

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * True when the request's TCP peer is this machine and no proxy relayed it. The socket address,
 * not req.ip: "trust proxy" would let X-Forwarded-For speak for the client. A proxy on this machine
 * connects from loopback too, hence the refusal of forwarded requests.
 */
export function isDirectLoopbackRequest(req: Request): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
}

export function createApp(deps: AppDeps): express.Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  app.use(
    securityHeaders({
      ...(deps.staticDir ? { indexHtmlPath: join(resolve(deps.staticDir), 'index.html') } : {}),
      https: config.publicUrl.startsWith('https:'),
    }),
  );

  // ---- Auth (mounted before the API's JSON parser: it has its own, smaller body limit) ----
  const mailer: Mailer = deps.mailer ?? defaultMailer(config);
  let auth: Auth | undefined;
  let store: Store | undefined;
  const getStore = (): Store => (store ??= deps.store ?? openStore({ dataDir: config.dataDir }));
  const getAuth = (): Auth =>
    (auth ??= createAuth({
      store: getStore(),
      mailer,
      secret: deps.authSecret ?? resolveAuthSecret(config).secret,
      publicUrl: config.publicUrl,
      linkBase: (req) => linkBaseFor(config, req),
      // A sign-up reusing a closed account's address purges the closed account first.
      onAccountClosed: (userId, closedAt, at) => purgeClosedAccountNow(getStore(), userId, closedAt, at),
      ...(deps.now ? { now: deps.now } : {}),
    }));
  if (deps.store) getAuth(); // fail at start-up, not on the first request, when the secret is unusable

  const api = express.Router();
  // Routers that need the store are built on first use, so an app that never serves them (the
  // health tests) opens nothing.
  const lazy = (build: () => RequestHandler): RequestHandler => {
    let handler: RequestHandler | undefined;
    return (req, res, next) => {
      try {
        handler ??= build();
      } catch (err) {
        next(err);
        return;
      }
      return handler(req, res, next);
    };
  };
  let routerDeps: RouterDeps | undefined;
  const getDeps = (): RouterDeps => {
    if (routerDeps) return routerDeps;
    const a = getAuth();
    const st = getStore();
    routerDeps = {
      config,
      store: st,
      mailer,
      requireUser: a.requireUser,
      optionalUser: a.optionalUser,
      requireAdmin: requireAdmin(st),
      secret: deps.authSecret ?? resolveAuthSecret(config).secret,
      publicUrl: config.publicUrl,
      linkBase: (req) => linkBaseFor(config, req),
      catalogue: deps.catalogue ?? priceCatalogueFromEnv(process.env),
      now: deps.now ?? Date.now,
    };
    return routerDeps;
  };

  const limits = deps.rateLimits !== false ? createRateLimiters(deps.rateLimits ?? {}, deps.now) : null;
  if (limits) {
    api.post('/auth/signin', ...limits.signin);
    // Closing confirms the password: guessing it here counts like guessing it at sign-in.
    api.post('/auth/close-account', ...limits.signin);
    api.post('/auth/signup', ...limits.signup);
    api.post('/auth/password-reset/request', ...limits.resetRequest);
    api.post('/contact', ...limits.contact);
  }
  api.use('/auth/close-account', lazy(() => createCloseAccountRouter(getDeps())));
  api.use('/auth', lazy(() => getAuth().router));
  // Payment-provider webhooks need the raw body for their signature: mounted before the JSON parser.
  api.use('/billing/webhook', lazy(() => createBillingWebhookRouter(getDeps())));
  api.use(express.json({ limit: '1mb', verify: verifyJsonDepth }));
  // Anonymous analytics counts records per address; it reads the parsed body, so it comes here.
  if (limits) api.use('/analytics', ...limits.analytics);
  api.use('/user-roles', lazy(() => createRolesRouter(getDeps())));
  api.use('/profiles', lazy(() => createProfilesRouter(getDeps())));
  api.use('/functions', lazy(() => createLocalRenewalMiddleware(getDeps())));
  api.use('/functions', lazy(() => createFunctionsRouter(getDeps())));
  api.use('/functions', lazy(() => createBillingFunctionsRouter(getDeps())));
  api.use('/teams', lazy(() => createTeamsRouter(getDeps())));
  api.use('/team-members', lazy(() => createTeamMembersRouter(getDeps())));
  api.use('/invitations', lazy(() => createInvitationsRouter(getDeps())));
  api.use('/analytics', lazy(() => createAnalyticsRouter(getDeps())));
  api.use('/blog', lazy(() => createBlogRouter(getDeps())));
  api.use('/contact', lazy(() => createContactRouter(getDeps())));
  api.get('/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', version: VERSION, time: new Date().toISOString() });
  });
  // The development outbox: mail the server would have sent, sign-in links included. Never exists in
  // production; answers only this machine (anyone else gets the same 404 as when it is absent).
  if (config.nodeEnv !== 'production' && mailer instanceof DevOutbox) {
    const outbox = mailer;
    api.get('/dev/outbox', (req, res, next) => {
      if (!isDirectLoopbackRequest(req)) return next();
      res.setHeader('Cache-Control', 'no-store');
      res.json({ messages: outbox.messages() });
    });
  }
  api.use(notFound);
  app.use('/api', api);

  // The sync gateway: team databases, replication endpoints only (its own body parsing and limits).
  app.use('/db', lazy(() => createSyncGateway(getDeps())));
  app.use('/db', notFound);
  // The local billing provider's checkout and portal pages (server-rendered; unused with Stripe).
  app.use('/billing', lazy(() => createBillingPagesRouter(getDeps())));

  // The sitemap lists published blog posts under PUBLIC_URL, so the server writes it.
  app.get('/sitemap.xml', lazy(() => createSeoRouter(getDeps())));

  // ---- The built web app ----
  if (deps.staticDir) {
    const staticDir = resolve(deps.staticDir);
    const indexHtml = join(staticDir, 'index.html');

    app.use(
      express.static(staticDir, {
        index: false,
        setHeaders(res, filePath) {
          const rel = filePath.slice(staticDir.length).replace(/\\/g, '/');
          if (ALWAYS_REVALIDATE.has(basename(filePath))) res.setHeader('Cache-Control', NO_CACHE);
          else if (rel.startsWith('/assets/')) res.setHeader('Cache-Control', IMMUTABLE);
          else res.setHeader('Cache-Control', 'public, max-age=3600');
        },
      }),
    );

    // SPA fallback: any other GET that is not a server path and does not look like a file.
    app.get('/{*path}', (req, res, next) => {
      if (isServerPath(req.path) || extname(req.path) !== '') return next();
      if (!existsSync(indexHtml)) {
        res.status(503).json({ error: 'The web app is not built. Run `npm run build`.' });
        return;
      }
      res.setHeader('Cache-Control', NO_CACHE);
      res.sendFile(indexHtml);
    });
  }

  app.use(notFound);

  const onError: ErrorRequestHandler = (err, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err instanceof HttpError) {
      for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
      res.status(err.status).json({ ...err.details, error: err.message });
      return;
    }
    const e = err as { status?: number; statusCode?: number; type?: string; message?: string };
    const status = Number(e.status ?? e.statusCode ?? 500);
    const code = status >= 400 && status < 600 ? status : 500;
    let message = 'Internal server error';
    if (e.type === 'entity.parse.failed') message = 'The request body is not valid JSON.';
    else if (e.type === 'entity.too.large') message = 'The request body is too large.';
    else if (code < 500 && e.message) message = e.message;
    if (code >= 500) console.error(`${req.method} ${urlForLog(req.originalUrl)} failed:`, err);
    res.status(code).json({ error: message });
  };
  app.use(onError);

  return app;
}
