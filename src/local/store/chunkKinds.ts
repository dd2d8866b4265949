/**
 * The kinds of chunk document, apart from the code that writes them (chunks.ts), so that the
 * document shapes (docs.ts) can name a kind without importing the writer that imports them.
 */
/** Collections of a schedule, each stored in its own chunks, and the document id prefix of each. */
export const CHUNK_KINDS = {
  act: { what: 'activities', perChunk: 1000 },
  rel: { what: 'relationships', perChunk: 5000 },
  asg: { what: 'assignments', perChunk: 2000 },
  wbs: { what: 'wbs', perChunk: 2000 },
  cal: { what: 'calendars', perChunk: 100 },
  res: { what: 'resources', perChunk: 2000 },
  code: { what: 'codeTypes', perChunk: 200 },
  snap: { what: 'snapshots', perChunk: 1 },
  base: { what: 'baselines', perChunk: 1 },
  chg: { what: 'changeOrders', perChunk: 2000 },
  warn: { what: 'warnings', perChunk: 5000 },
} as const;

export type ChunkKind = keyof typeof CHUNK_KINDS;
export const CHUNK_KIND_LIST = Object.keys(CHUNK_KINDS) as ChunkKind[];
