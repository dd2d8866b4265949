/**
 * Security headers (helmet) with a strict Content-Security-Policy the built PWA runs under.
 *
 * The only inline script the app has is index.html's theme snippet (it must run before first paint,
 * so it cannot be a file). Rather than allow 'unsafe-inline', its SHA-256 is computed from the built
 * index.html at start-up and allowed by hash; everything else must come from our own origin.
 * Styles: only stylesheets from our origin (React sets style props through the CSSOM, which CSP does
 * not restrict). Workers are emitted files under /assets. WebAssembly may compile ('wasm-unsafe-eval'),
 * JavaScript eval may not.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

/** `'sha256-…'` sources for every inline `<script>` (no src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    out.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return out;
}

export interface SecurityHeadersOptions {
  /** The built index.html, whose inline scripts are allowed by hash. */
  indexHtmlPath?: string;
  /** True when the public address is https: adds HSTS and upgrade-insecure-requests. */
  https: boolean;
}

/** The CSP directives, exported so tests can check what the app is held to. */
export function cspDirectives(scriptHashes: readonly string[], https: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    // 'wasm-unsafe-eval' lets WebAssembly compile (sql.js, for Asta .pp files in the import worker)
    // without allowing JavaScript eval: 'unsafe-eval' stays out.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // On plain http (a laptop, CI) upgrading would break every request.
    'upgrade-insecure-requests': https ? [] : null,
  };
}

export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const html = options.indexHtmlPath && existsSync(options.indexHtmlPath) ? readFileSync(options.indexHtmlPath, 'utf8') : '';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(inlineScriptHashes(html), options.https) },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The app opens Stripe Checkout and the portal in new tabs; same-origin-allow-popups keeps that working.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
