/**
 * Reading a gateway request's body, with a size limit per endpoint (server/sync/limits.ts) and the
 * JSON nesting check on the raw bytes (server/http/jsonDepth.ts): the read endpoints take a few
 * hundred KiB of ids, a document PUT one document, `_bulk_docs` one replication batch. A body over
 * its limit is refused with 413 before it is parsed; a too-deeply nested one with 400.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../http/errors';
import { verifyJsonDepth } from '../http/jsonDepth';
import { GatewayError, badRequest } from './errors';
import {
  BULK_DOCS_BODY_BYTES,
  MAX_ATTACHMENT_BYTES,
  MAX_DOC_BYTES,
  MAX_LOCAL_DOC_BYTES,
  READ_BODY_BYTES,
  formatBytes,
} from './limits';
import type { SyncRoute } from './route';

interface BodyRule {
  kind: 'json' | 'raw';
  limit: number;
  /** What the 413 tells the caller to do instead. */
  advice: string;
}

const READ_ADVICE = 'Ask for fewer documents per request (at most 1,000 ids).';

/** The body a request takes, and its limit; null when it takes none. */
export function bodyRule(route: SyncRoute, method: string): BodyRule | null {
  if (method === 'PUT') {
    if (route.kind === 'attachment') {
      return { kind: 'raw', limit: MAX_ATTACHMENT_BYTES, advice: 'Store large files outside the team database, or split them.' };
    }
    if (route.kind === 'local') {
      return { kind: 'json', limit: MAX_LOCAL_DOC_BYTES, advice: '_local documents hold replication checkpoints only.' };
    }
    return { kind: 'json', limit: MAX_DOC_BYTES, advice: 'Split the document into smaller ones.' };
  }
  if (method !== 'POST') return null;
  if (route.kind === 'bulk_docs') {
    return { kind: 'json', limit: BULK_DOCS_BODY_BYTES, advice: 'Replicate in smaller batches (a lower batch_size).' };
  }
  return { kind: 'json', limit: READ_BODY_BYTES, advice: READ_ADVICE };
}

const parsers = new Map<string, RequestHandler>();
function parserFor(rule: BodyRule): RequestHandler {
  const key = `${rule.kind}:${rule.limit}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser =
      rule.kind === 'json'
        ? express.json({ limit: rule.limit, type: () => true, strict: true, verify: verifyJsonDepth })
        : express.raw({ limit: rule.limit, type: () => true });
    parsers.set(key, parser);
  }
  return parser;
}

/** Parses the body as `rule` says; rejects with a CouchDB-shaped GatewayError (413, 400). */
export function readBody(rule: BodyRule, route: SyncRoute, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void parserFor(rule)(req, res, (err?: unknown) => {
      if (!err) return resolve();
      const e = err as { type?: string; status?: number; message?: string };
      if (e.type === 'entity.too.large') {
        reject(
          new GatewayError(
            413,
            'too_large',
            `The request body is larger than the sync gateway accepts for ${describe(route, req.method)} (${formatBytes(rule.limit)}). ${rule.advice}`,
          ),
        );
      } else if (err instanceof HttpError) {
        // The nesting check (verifyJsonDepth) throws HttpError(400); body-parser passes it on.
        reject(badRequest(err.message));
      } else if (e.type === 'entity.parse.failed') {
        reject(badRequest('The request body is not valid JSON.'));
      } else if (typeof e.status === 'number' && e.status < 500) {
        reject(new GatewayError(e.status, 'bad_request', e.message ?? 'The request body could not be read.'));
      } else reject(err);
    });
  });
}

function describe(route: SyncRoute, method: string): string {
  switch (route.kind) {
    case 'attachment':
      return 'an attachment';
    case 'local':
      return 'a _local document';
    case 'doc':
      return 'a document';
    default:
      return `${method} _${route.kind}`;
  }
}
