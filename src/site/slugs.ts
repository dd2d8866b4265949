/** "cost-control" → "Cost Control" (for headings built from route parameters). */
export function humanise(slug: string | undefined): string {
  const text = (slug ?? '').replace(/[-_]+/g, ' ').trim();
  if (!text) return '';
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}
