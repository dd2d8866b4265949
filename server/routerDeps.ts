import type { Request, RequestHandler } from 'express';
import type { PriceCatalogue } from '../src/core/plans';
import type { Config } from './config';
import type { Mailer } from './mail';
import type { Store } from './store';

/**
 * What every store-backed router is built from (server/app.ts builds it once, on first use). Tests
 * get the same through `createApp`.
 */
export interface RouterDeps {
  config: Config;
  store: Store;
  mailer: Mailer;
  /** A valid bearer access token or 401; the claims are read with `authOf(res)`. */
  requireUser: RequestHandler;
  /** Verifies a bearer token when sent, lets anonymous requests through; `maybeAuthOf(res)`. */
  optionalUser: RequestHandler;
  /** After requireUser: the caller has the admin role (read from the store per request), else 403. */
  requireAdmin: RequestHandler;
  /** The auth secret (≥ 32 bytes): derive other signing keys from it, per purpose. */
  secret: string | Uint8Array;
  /** Base address for links in mail and redirects, no trailing slash (PUBLIC_URL or its default). */
  publicUrl: string;
  /** The base for links built while answering `req`: PUBLIC_URL, else the request's own allowed origin (http/linkBase.ts). */
  linkBase: (req: Request) => string;
  /** Product and price ids of the payment provider. */
  catalogue: Readonly<PriceCatalogue>;
  /** Milliseconds since the epoch (tests set a clock). */
  now: () => number;
}
