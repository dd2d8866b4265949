/**
 * Which documents belong to a project. Every store document of a project has the project id as
 * the second part of its id (store/ids.ts: `project:<projectId>`, `import:<projectId>:<importId>`,
 * `<chunk kind>:<projectId>:<importId>:<n>`, `periods:<projectId>:<importId>`), and so do the
 * mutable documents (`settings:<projectId>`, `comment:<projectId>:…`, `var:<projectId>:…`).
 * Column mappings (`mapping:<hash>`) belong to no project.
 */
import type { Db } from './db';

const NOT_PROJECT_TYPES = new Set(['mapping']);

export function projectIdOfDocId(id: string): string | null {
  if (id.startsWith('_')) return null;
  const parts = id.split(':');
  if (parts.length < 2 || parts[0] === '' || parts[1] === '' || NOT_PROJECT_TYPES.has(parts[0])) return null;
  return parts[1];
}

/** The ids of the live documents of a project (read in pages of ids only). */
export async function projectDocIds(db: Db, projectId: string): Promise<string[]> {
  const out: string[] = [];
  let startkey: string | undefined;
  let skip = 0;
  const PAGE = 2000;
  for (;;) {
    const res = await db.allDocs({ limit: PAGE, skip, ...(startkey !== undefined ? { startkey } : {}) });
    for (const row of res.rows) if (projectIdOfDocId(row.id) === projectId) out.push(row.id);
    if (res.rows.length < PAGE) return out;
    startkey = res.rows[res.rows.length - 1].id;
    skip = 1;
  }
}
