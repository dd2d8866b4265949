/**
 * Which replication endpoint a `/db/<team>/…` path names, and which methods it takes. Everything
 * that is not on this list is refused before any database is touched.
 */
import { GatewayError, notAvailable } from './errors';

export type SyncRoute =
  | { kind: 'info' }
  | { kind: 'changes' }
  | { kind: 'revs_diff' }
  | { kind: 'bulk_get' }
  | { kind: 'bulk_docs' }
  | { kind: 'all_docs' }
  /** `docId` includes the `_local/` prefix. */
  | { kind: 'local'; docId: string }
  | { kind: 'doc'; docId: string }
  | { kind: 'attachment'; docId: string; attName: string };

export interface Target {
  /** The team id as sent (validated later). */
  teamId: string;
  route: SyncRoute;
}

const SPECIAL: Record<string, SyncRoute['kind']> = {
  _changes: 'changes',
  _revs_diff: 'revs_diff',
  _bulk_get: 'bulk_get',
  _bulk_docs: 'bulk_docs',
  _all_docs: 'all_docs',
};

export const ALLOWED_METHODS: Record<SyncRoute['kind'], readonly string[]> = {
  info: ['GET', 'HEAD'],
  changes: ['GET', 'POST'],
  revs_diff: ['POST'],
  bulk_get: ['POST'],
  bulk_docs: ['POST'],
  all_docs: ['GET', 'POST'],
  local: ['GET', 'PUT', 'DELETE'],
  doc: ['GET', 'HEAD', 'PUT', 'DELETE'],
  attachment: ['GET', 'HEAD', 'PUT', 'DELETE'],
};

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new GatewayError(400, 'bad_request', 'The address is not correctly URL-encoded.');
  }
}

/**
 * Splits the path below the mount point (`/team/_changes`, `/team/doc%3Aid/att/name.png`).
 * Returns null for the gateway root (`/`, ``), which is not a database.
 */
export function parseTarget(path: string): Target | null {
  const segs = path.replace(/^\/+/, '').split('/');
  if (segs.length === 0 || segs[0] === '') return null;
  const teamId = decode(segs[0]);
  const rest = segs.slice(1);
  if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) return { teamId, route: { kind: 'info' } };

  const first = decode(rest[0]);
  // `_local/<id>` and `_design/<name>` arrive as two segments (PouchDB encodes only the part after
  // the slash) or, from other clients, as one encoded segment.
  const [head, ...tail] = first.includes('/') ? [first.slice(0, first.indexOf('/')), first.slice(first.indexOf('/') + 1), ...rest.slice(1)] : [first, ...rest.slice(1)];

  if (head === '_local') {
    if (tail.length !== 1 || tail[0] === '') throw notAvailable(`/${rest.join('/')}`);
    return { teamId, route: { kind: 'local', docId: `_local/${decode(tail[0])}` } };
  }
  if (head === '_design') {
    // Design documents may be read (a replication copies them) but never run: no views, lists,
    // shows, updates or rewrites.
    if (tail.length === 0 || tail[0] === '') throw notAvailable('/_design');
    const docId = `_design/${decode(tail[0])}`;
    return docOrAttachment(teamId, docId, tail.slice(1), rest);
  }
  if (head.startsWith('_')) {
    const kind = tail.length === 0 ? SPECIAL[head] : undefined;
    if (!kind) throw notAvailable(`/${head}`);
    return { teamId, route: { kind } as SyncRoute };
  }
  return docOrAttachment(teamId, head, tail, rest);
}

function docOrAttachment(teamId: string, docId: string, attSegs: string[], rest: string[]): Target {
  if (attSegs.length === 0) return { teamId, route: { kind: 'doc', docId } };
  const attName = attSegs.map(decode).join('/');
  if (attName === '' || attName.startsWith('_')) throw notAvailable(`/${rest.join('/')}`);
  return { teamId, route: { kind: 'attachment', docId, attName } };
}

/** The canonical, re-encoded path of a route inside its database (for the CouchDB proxy). */
export function routePath(route: SyncRoute): string {
  const enc = encodeURIComponent;
  const docPath = (id: string) => {
    for (const prefix of ['_design/', '_local/']) if (id.startsWith(prefix)) return prefix + enc(id.slice(prefix.length));
    return enc(id);
  };
  switch (route.kind) {
    case 'info':
      return '';
    case 'changes':
    case 'revs_diff':
    case 'bulk_get':
    case 'bulk_docs':
    case 'all_docs':
      return `_${route.kind}`;
    case 'local':
    case 'doc':
      return docPath(route.docId);
    case 'attachment':
      return `${docPath(route.docId)}/${route.attName.split('/').map(enc).join('/')}`;
  }
}

/** Does this request change documents (as opposed to reading, or writing a checkpoint)? */
export function isDocWrite(route: SyncRoute, method: string): boolean {
  if (route.kind === 'bulk_docs') return true;
  return (route.kind === 'doc' || route.kind === 'attachment') && (method === 'PUT' || method === 'DELETE');
}
