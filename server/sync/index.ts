/**
 * The sync gateway at `/db/<teamId>/…`: browsers replicate their team databases through it.
 *
 * Per request, in this order: a valid bearer token (401), a known endpoint and method (404/405),
 * the caller's membership of the team, read from the store every time so a removed member is cut
 * off at the very next request (403), the role (viewers read and write checkpoints only), design
 * documents (never written), the body (size-limited per endpoint and nesting-checked, 413/400:
 * bodyParsing.ts), the documents it carries (how many, how big, `_local` checkpoints only, project
 * ids: docChecks.ts), a slot for a `_changes` feed or document read (429: concurrency.ts), the
 * team's projects limit, and only then the database (every limit: limits.ts): the server's own PouchDB (embedded mode, server/sync/embedded.ts) or CouchDB
 * with proxy authentication (server/sync/couchProxy.ts). Everything PouchDB's replication does not
 * need is refused: `_all_dbs`, `_session`, `_find`, views, `_compact`, `_security`, database PUT/DELETE…
 */
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { authOf } from '../auth';
import type { RouterDeps } from '../routerDeps';
import { isValidTeamId, storeOptionsFromEnv, teamDbName } from '../store';
import { canWrite, getMembership } from '../teams/membership';
import { proxyHashFromEnv, proxyToCouch, type ProxyTarget } from './couchProxy';
import { changesParams, serveEmbedded } from './embedded';
import { bodyRule, readBody } from './bodyParsing';
import { ConcurrencyLimiter } from './concurrency';
import { checkBatchSize, checkBulkDocs, checkCheckpoint, checkDocSize } from './docChecks';
import { FORBIDDEN_DESIGN, FORBIDDEN_NOT_MEMBER, FORBIDDEN_VIEWER, GatewayError, sendThrown } from './errors';
import { MAX_FEEDS_PER_USER, MAX_FEEDS_TOTAL, MAX_READS_PER_USER, MAX_READS_TOTAL, MAX_WRITES_PER_USER, MAX_WRITES_TOTAL } from './limits';
import { refuseWritesAfterPlanEnd } from './planEnded';
import { checkProjectLimit, createTeamQueue, liveProjectWrites } from './projectLimit';
import { ALLOWED_METHODS, isDocWrite, parseTarget, type Target } from './route';

export { proxyRoles, proxyToken, proxyHashFromEnv } from './couchProxy';

function isDesignId(id: unknown): boolean {
  return typeof id === 'string' && id.startsWith('_design/');
}

/** COUCHDB_URL: from the store when it exposes one, else the environment (as openStore reads it). */
function couchUrlOf(deps: RouterDeps): string | undefined {
  const fromStore = (deps.store as { couchUrl?: unknown }).couchUrl;
  if (typeof fromStore === 'string' && fromStore) return fromStore;
  return storeOptionsFromEnv(process.env, deps.config.dataDir).couchUrl;
}

export function createSyncGateway(deps: RouterDeps): Router {
  const router = express.Router();
  // Per gateway (one per app): slots for the requests that stay open or return documents.
  const feeds = new ConcurrencyLimiter({ perUser: MAX_FEEDS_PER_USER, total: MAX_FEEDS_TOTAL, what: '_changes feeds' });
  const reads = new ConcurrencyLimiter({ perUser: MAX_READS_PER_USER, total: MAX_READS_TOTAL, what: 'document reads (_bulk_get, _all_docs)' });
  const writes = new ConcurrencyLimiter({ perUser: MAX_WRITES_PER_USER, total: MAX_WRITES_TOTAL, what: 'document writes (_bulk_docs, PUT)' });
  // Project-creating writes of a team, one at a time (this gateway's own queue: projectLimit.ts).
  const serialisedPerTeam = createTeamQueue();

  // Where the request goes. The gateway root (`/db`, `/db/`) is not a database: left to the app's 404.
  const locate: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    let target: Target | null;
    try {
      target = parseTarget(req.path);
    } catch (err) {
      res.locals.syncError = err; // reported after authentication
      return next();
    }
    if (!target) return next('router');
    res.locals.syncTarget = target;
    next();
  };

  const handle: RequestHandler = (req, res) => {
    serve(req, res).catch((err: unknown) => sendThrown(res, err));
  };

  async function serve(req: Request, res: Response): Promise<void> {
    if (res.locals.syncError) throw res.locals.syncError;
    const { teamId, route } = res.locals.syncTarget as Target;
    if (!isValidTeamId(teamId)) {
      throw new GatewayError(404, 'not_found', `${JSON.stringify(teamId)} is not a team database available through the sync gateway.`);
    }
    const allowed = ALLOWED_METHODS[route.kind];
    if (!allowed.includes(req.method)) {
      throw new GatewayError(405, 'method_not_allowed', `Only ${allowed.join(', ')} ${allowed.length === 1 ? 'is' : 'are'} allowed here.`, {
        Allow: allowed.join(', '),
      });
    }

    let proxy: ProxyTarget | undefined;
    if (deps.store.kind === 'couchdb') {
      const secret = deps.config.couchProxySecret;
      const couchUrl = couchUrlOf(deps);
      if (!secret) {
        throw new GatewayError(503, 'service_unavailable', 'The sync gateway is not configured: set COUCHDB_PROXY_SECRET to CouchDB\'s [chttpd_auth] secret.');
      }
      if (!couchUrl) throw new GatewayError(503, 'service_unavailable', 'The sync gateway is not configured: set COUCHDB_URL.');
      let hash: ProxyTarget['hash'];
      try {
        hash = proxyHashFromEnv(process.env);
      } catch (err) {
        throw new GatewayError(503, 'service_unavailable', `The sync gateway is not configured: ${(err as Error).message}`);
      }
      proxy = { couchUrl, secret, hash };
    }

    const userId = authOf(res).sub;
    const membership = await getMembership(deps.store, teamId, userId);
    if (!membership) throw new GatewayError(403, 'forbidden', FORBIDDEN_NOT_MEMBER);

    const write = isDocWrite(route, req.method);
    if (write && !canWrite(membership.role)) throw new GatewayError(403, 'forbidden', FORBIDDEN_VIEWER);
    // A team whose plan has ended is read-only: otherwise members' devices would push their copies
    // straight back after the retention sweep deleted the team's synced data.
    if (write) await refuseWritesAfterPlanEnd(deps, teamId);
    if (write && (route.kind === 'doc' || route.kind === 'attachment') && isDesignId(route.docId)) {
      throw new GatewayError(403, 'forbidden', FORBIDDEN_DESIGN);
    }

    // A slot before the body is read, so the bodies held at once are bounded too; it lasts until
    // the answer ends or the client goes away (released on the response's finish/close).
    if (route.kind === 'changes') feeds.acquire(userId, res);
    else if (route.kind === 'bulk_get' || route.kind === 'all_docs') reads.acquire(userId, res);
    else if (write && req.method !== 'DELETE') writes.acquire(userId, res);

    const rule = bodyRule(route, req.method);
    if (rule) await readBody(rule, route, req, res);
    const body: unknown = rule ? req.body : undefined;
    const params = new URL(req.originalUrl, 'http://gateway.invalid').searchParams;
    checkBatchSize(route, body, params);

    // Which documents this write would leave, for the size checks and the projects limit.
    let written: unknown[] = [];
    if (route.kind === 'bulk_docs') {
      written = await checkBulkDocs(body);
    } else if (write && req.method === 'PUT' && route.kind === 'doc') {
      const doc = { ...(body && typeof body === 'object' ? body : {}), _id: route.docId };
      checkDocSize(doc);
      written = [doc];
    } else if (write && req.method === 'PUT' && route.kind === 'attachment') {
      written = [{ _id: route.docId }];
    } else if (route.kind === 'local' && req.method === 'PUT') {
      checkCheckpoint(body); // every role: the server's _local documents are checkpoints only
    }
    if (route.kind === 'changes') changesParams(params, body); // same validation in both modes
    const projects = liveProjectWrites(written);

    const run = async () => {
      if (proxy) {
        const q = req.originalUrl.indexOf('?');
        await proxyToCouch(proxy, {
          teamId,
          route,
          userId,
          role: membership.role,
          req,
          res,
          search: q >= 0 ? req.originalUrl.slice(q) : '',
          body,
        });
      } else {
        await serveEmbedded(deps.store.db(teamDbName(teamId)), { teamId, route, req, res, params, body });
      }
    };
    if (projects.length === 0) return run();
    return serialisedPerTeam(teamId, async () => {
      await checkProjectLimit(deps, teamId, projects);
      await run();
    });
  }

  router.use(locate, deps.requireUser, handle);
  return router;
}
