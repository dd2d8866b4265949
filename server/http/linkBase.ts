/**
 * The address links are built on (mail links, checkout and portal return URLs): PUBLIC_URL when it
 * is set; otherwise the origin the request itself came to, if its host is one this server is
 * configured to answer as (ALLOWED_HOSTS, default the loopback names at PORT), else the default
 * http://localhost:PORT. Issue 18 item 2: the app open on 127.0.0.1 got mail and checkout links to
 * localhost, another origin, where the session and the service worker are not.
 *
 * One flow, one host: every link of a flow is built from the one request that starts it (sign-up
 * for its verification mail, create-checkout for both its success and cancel URLs), so they share
 * this base.
 */
import type { Request } from 'express';

export interface LinkBaseConfig {
  /** The configured or default public address, no trailing slash. */
  publicUrl: string;
  /** False when PUBLIC_URL was not set (publicUrl is then only the default); absent: treated as set. */
  publicUrlFixed?: boolean;
  /** host[:port] names (lower case) a request's own origin may be used for. */
  allowedHosts?: readonly string[];
}

/** The loopback names a server on `port` answers as, plus HOST when it names one address. */
export function defaultAllowedHosts(port: number, host: string): string[] {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  const h = host.trim().toLowerCase();
  if (h && h !== '0.0.0.0' && h !== '::' && h !== '[::]') names.push(h.includes(':') && !h.startsWith('[') ? `[${h}]` : h);
  return [...new Set(names)].map((n) => `${n}:${port}`);
}

/** ALLOWED_HOSTS: "app.example.com, 10.0.0.5:8080" → lower-case host[:port] names; throws on a URL or a path. */
export function parseAllowedHosts(raw: string): string[] {
  return raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((s) => {
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(s)) throw new Error(`ALLOWED_HOSTS takes host names with an optional port, comma-separated (e.g. "app.example.com, 10.0.0.5:8080"); got "${s}".`);
      return s;
    });
}

/** Whether `host` (a Host header) is on the list: exactly, or by name when the list gives no port. */
function allowed(host: string, list: readonly string[]): boolean {
  const h = host.toLowerCase();
  return list.some((entry) => entry === h || (!/:\d+$/.test(entry) && h.replace(/:\d+$/, '') === entry));
}

export function linkBaseFor(config: LinkBaseConfig, req: Pick<Request, 'protocol'> & { get(name: 'host'): string | undefined }): string {
  if (config.publicUrlFixed !== false) return config.publicUrl;
  const host = req.get('host')?.trim();
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  if (host && allowed(host, config.allowedHosts ?? [])) return `${protocol}://${host.toLowerCase()}`;
  return config.publicUrl;
}
