/**
 * A request URL fit for a log line: the path with every query value replaced by `…`, so mailed
 * tokens (`?token=…` on invitation, checkout and portal links) and other values never reach logs.
 * The parameter names stay, for diagnosis (an item without `=` is replaced whole). A path never holds secrets in Earnest's routes.
 */
export function urlForLog(originalUrl: string): string {
  const q = originalUrl.indexOf('?');
  if (q < 0) return originalUrl;
  const path = originalUrl.slice(0, q);
  const query = originalUrl.slice(q + 1);
  if (!query) return path;
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? '…' : `${pair.slice(0, eq)}=…`; // a bare item could itself be a token
    })
    .join('&');
  return `${path}?${redacted}`;
}
