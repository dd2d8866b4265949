/**
 * CouchDB mode: after the gateway's own checks, the allowed request goes on to CouchDB's
 * `team_<id>` database with proxy authentication. Only a short list of request headers is
 * forwarded, so the client's `Authorization`, `Cookie` and any `X-Auth-CouchDB-*` it tried to send
 * never reach CouchDB; the proxy-auth headers are the gateway's own. Answers stream back as they
 * arrive (a longpoll `_changes` is never buffered).
 *
 * CouchDB configuration this expects (local.ini):
 *   [chttpd] authentication_handlers = {chttpd_auth, proxy_authentication_handler}, {chttpd_auth, default_authentication_handler}
 *   [chttpd_auth] secret = <COUCHDB_PROXY_SECRET>, proxy_use_secret = true
 *   each team_<id> database's _security: members.roles = ["team_<id>"]
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { Request, Response } from 'express';
import { GatewayError } from './errors';
import { routePath, type SyncRoute } from './route';
import type { TeamRole } from '../teams/membership';

/** Request headers passed on to CouchDB; everything else is dropped. */
const FORWARD_REQUEST = ['accept', 'content-type', 'if-match', 'if-none-match'];
/** Response headers passed back to the browser (no Set-Cookie, no Server). */
const FORWARD_RESPONSE = ['content-type', 'content-length', 'etag', 'cache-control', 'content-md5'];

export interface ProxyTarget {
  /** CouchDB's base address (COUCHDB_URL), e.g. https://couch.internal:5984. */
  couchUrl: string;
  /** CouchDB's `[chttpd_auth] secret` (COUCHDB_PROXY_SECRET). */
  secret: string;
  /** The token's HMAC hash (default sha256). */
  hash?: ProxyHash;
}

/**
 * `X-Auth-CouchDB-Token`: the hex HMAC of the user name keyed with CouchDB's `[chttpd_auth] secret`.
 * We use HMAC-SHA256 by default: CouchDB 3.3+ checks proxy tokens against the algorithms in
 * `[chttpd_auth] hash_algorithms` (default `sha256, sha`). Releases whose proxy handler still
 * computes `couch_util:hmac(sha, Secret, UserName)` (SHA-1 only) need COUCHDB_PROXY_HASH=sha1.
 */
export type ProxyHash = 'sha256' | 'sha1';
export function proxyToken(secret: string, userName: string, hash: ProxyHash = 'sha256'): string {
  return createHmac(hash, secret).update(userName, 'utf8').digest('hex');
}

/** COUCHDB_PROXY_HASH: `sha256` (default) or `sha1`/`sha` for older CouchDB releases. */
export function proxyHashFromEnv(env: NodeJS.ProcessEnv): ProxyHash {
  const v = env.COUCHDB_PROXY_HASH?.trim().toLowerCase();
  if (!v || v === 'sha256') return 'sha256';
  if (v === 'sha1' || v === 'sha') return 'sha1';
  throw new Error(`COUCHDB_PROXY_HASH must be sha256 or sha1; got "${v}".`);
}

/** The CouchDB roles of a member: the team's (for `_security`) and the team's role-specific one. */
export function proxyRoles(teamId: string, role: TeamRole): string[] {
  return [`team_${teamId}`, `team_${teamId}_${role}`];
}

export interface ProxyRequest {
  teamId: string;
  route: SyncRoute;
  userId: string;
  role: TeamRole;
  req: Request;
  res: Response;
  /** Query string as sent, with its `?` (or empty). */
  search: string;
  /** The parsed body, re-serialised (JSON), or the raw bytes of an attachment upload. */
  body: unknown;
}

/** Forwards one checked request to CouchDB and streams the answer back; resolves when it is done. */
export function proxyToCouch(target: ProxyTarget, p: ProxyRequest): Promise<void> {
  const base = target.couchUrl.endsWith('/') ? target.couchUrl : `${target.couchUrl}/`;
  const url = new URL(`team_${p.teamId}/${routePath(p.route)}${p.search}`, base);
  const headers: Record<string, string | string[]> = {};
  for (const name of FORWARD_REQUEST) {
    const v = p.req.headers[name];
    if (v !== undefined) headers[name] = v;
  }
  headers['x-auth-couchdb-username'] = p.userId;
  headers['x-auth-couchdb-roles'] = proxyRoles(p.teamId, p.role).join(',');
  headers['x-auth-couchdb-token'] = proxyToken(target.secret, p.userId, target.hash);

  let payload: Buffer | undefined;
  if (Buffer.isBuffer(p.body)) payload = p.body;
  else if (p.body !== undefined) {
    payload = Buffer.from(JSON.stringify(p.body));
    headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);

  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<void>((resolve, reject) => {
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      if (err) reject(err);
      else resolve();
    };
    const upstream = lib.request(url, { method: p.req.method, headers }, (up) => {
      p.res.status(up.statusCode ?? 502);
      for (const name of FORWARD_RESPONSE) {
        const v = up.headers[name];
        if (v !== undefined) p.res.setHeader(name, v);
      }
      p.res.flushHeaders();
      // Each chunk is written as it arrives (no compression on /db), so longpoll and heartbeats
      // reach the browser at once; CouchDB is paused while the browser's socket is full, so a
      // client that reads slowly never makes this process buffer a whole answer.
      up.on('data', (chunk: Buffer) => {
        if (!p.res.write(chunk)) {
          up.pause();
          p.res.once('drain', () => up.resume());
        }
      });
      up.on('end', () => {
        p.res.end();
        finish();
      });
      up.on('error', () => {
        p.res.destroy();
        finish();
      });
    });
    upstream.on('error', (err) => {
      if (p.res.headersSent) {
        p.res.destroy();
        finish();
      } else {
        console.error('sync gateway: CouchDB unreachable', err);
        finish(new GatewayError(502, 'bad_gateway', 'The database server did not answer. Try again in a moment.'));
      }
    });
    // The browser went away (e.g. a cancelled longpoll): stop the upstream request too.
    p.res.on('close', () => {
      if (!p.res.writableFinished) upstream.destroy();
      finish();
    });
    upstream.end(payload);
  });
}
