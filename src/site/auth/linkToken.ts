/** The token of a mailed link, carried in the fragment (`#token=…`) so it never reaches server logs. */
export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const token = params.get('token');
  return token && token.length <= 4096 ? token : null;
}
