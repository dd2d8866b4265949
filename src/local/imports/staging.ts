/**
 * Schedules read by the import worker wait here, in the data worker's memory, until the user says
 * where they go (the import summary); then they are saved, or discarded when the user cancels or
 * leaves the import page. Nothing is stored until the user saves.
 *
 * The schedules arrive as the import worker's UTF-8 JSON, in a buffer the page transferred on
 * without reading it: a 100k-activity schedule is ~100 MB of JSON, which never lands on the page's
 * thread and is never copied between threads.
 */
import type { Schedule } from '../../core/model';
import { defaultStatusDate, localToday } from '../../core/model/statusDate';
import type { AccountSession } from '../account';
import type { DataApi, PendingSchedule, SavedImport, SaveProgress, StageMeta } from '../contracts';
import { firstDashboard } from '../dashboard';
import { CHUNK_KIND_LIST, prepareKind, StoreError, type LocalStore, type PreparedChunks, type ProjectMatch, type SaveImportResult } from '../store';

interface Staged {
  schedules: Schedule[];
  meta: StageMeta;
  /**
   * Each schedule's chunks, cut while the user reads the summary (started once the summary has
   * gone to the page); a failure here is left for the save to meet and report.
   */
  prepared: Promise<PreparedChunks | null>[];
}

/** Lets the worker answer what is waiting (the summary, the project list) before a long step. */
const yieldToMessages = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Prepares each schedule's chunks in turn, one collection per task, so that calls made meanwhile
 * (the summary's project list) are answered in between rather than after the lot.
 */
function prepareInTurn(schedules: Schedule[]): Promise<PreparedChunks | null>[] {
  let previous: Promise<unknown> = Promise.resolve();
  return schedules.map((schedule) => {
    const mine = previous.then(async () => {
      const prepared: PreparedChunks = { kinds: {} };
      try {
        for (const kind of CHUNK_KIND_LIST) {
          await yieldToMessages();
          // Parsed from the import worker's JSON: storable by construction (chunks.ts chunkItems).
          prepareKind(prepared, schedule, kind, { fromJson: true });
        }
        return prepared;
      } catch {
        return null;
      }
    });
    previous = mine;
    return mine;
  });
}

export interface StagingHandlers extends Pick<DataApi, 'stage' | 'commit' | 'discard'> {
  /** Drops everything staged (the account's data is being removed from the device). */
  clear(): void;
  /** How many files are waiting to be saved (for tests and the device page). */
  stagedCount(): number;
}

/** `importer` names who saves (recorded on each import's header), when known. */
export function stagingHandlers(
  session: AccountSession,
  buildId: string,
  now: () => Date = () => new Date(),
  importer: () => { id: string; name: string } | null = () => null,
  /** Holds a team's replication while its import is saved (sync/controller.ts hold); returns the release. */
  holdSync: (teamId: string) => () => void = () => () => undefined,
): StagingHandlers {
  const staged = new Map<string, Staged>();
  let seq = 0;

  return {
    async stage(json, meta) {
      const schedules = JSON.parse(new TextDecoder().decode(json)) as Schedule[];
      if (!Array.isArray(schedules)) throw new Error(`${meta.fileName}: the reader returned no list of schedules. Import the file again; if it keeps failing, send it to support.`);
      const pendingId = `p${++seq}`;
      const today = localToday(now());
      const out: PendingSchedule[] = [];
      for (let i = 0; i < schedules.length; i++) {
        const sc = schedules[i];
        const match = await session.run(() => matchingProject(session, sc));
        out.push({
          index: i,
          name: sc.project.name,
          code: sc.project.code,
          activities: sc.activities.length,
          relationships: sc.relationships.length,
          resources: sc.resources.length,
          assignments: sc.assignments.length,
          dataDate: sc.project.dataDate,
          statusDate: defaultStatusDate(sc, today),
          currency: sc.project.currency,
          warnings: sc.source?.warnings ?? [],
          match: match ? { id: match.id, name: match.name, reason: match.reason } : undefined,
        });
      }
      // Cutting the chunks starts once this answer is on its way to the page.
      staged.set(pendingId, { schedules, meta, prepared: prepareInTurn(schedules) });
      return { pendingId, schedules: out };
    },

    /**
     * Stores staged schedules: each into the project given (its next status) or a new project
     * (null), at the status date confirmed in the import summary (omitted: the file's own data
     * date). Each import is saved whole or not at all (the store's saveImport); when one of several
     * fails, the message says which were saved. The first one's dashboard is then built from memory.
     */
    async commit(pendingId, targets, onProgress) {
      const p = staged.get(pendingId);
      if (!p) throw new Error('Nothing was saved: this import is no longer waiting to be saved (the page was reloaded or left?). Import the file again.');
      // Taken now: a second click on Save finds nothing to save twice.
      staged.delete(pendingId);
      const report = (progress: SaveProgress) => {
        // A page that has gone away cannot be told; the save goes on.
        if (onProgress) void Promise.resolve(onProgress(progress)).catch(() => undefined);
      };
      // Replication waits while the save and the first dashboard run, so the user sees the
      // dashboard sooner; it sends everything, from its checkpoint, once they are done.
      const held = new Map<string, () => void>();
      return session.run(async () => {
        const saved: { result: SaveImportResult; store: LocalStore }[] = [];
        for (const [k, t] of targets.entries()) {
          const schedule = p.schedules[t.index];
          if (!schedule) throw new Error(`Nothing was saved: ${p.meta.fileName} holds no schedule number ${t.index + 1}. Import the file again.`);
          try {
            // The project's own space, or the team the user chose for a new one (default: personal).
            const { store, team } = t.projectId !== null ? await session.spaceOf(t.projectId) : await session.forNew(t.teamId);
            if (!held.has(team.id)) held.set(team.id, holdSync(team.id));
            const result = await store.saveImport(
              schedule,
              {
                projectId: t.projectId ?? undefined,
                fileName: p.meta.fileName,
                format: p.meta.format,
                fileSize: p.meta.fileSize,
                ...(t.statusDate ? { statusDate: t.statusDate } : {}),
                ...(importer() ? { importedBy: importer() ?? undefined } : {}),
              },
              {
                onProgress: (done, total) => report({ phase: 'writing', done, total, schedule: k + 1, schedules: targets.length }),
                prepared: (await p.prepared[t.index]) ?? undefined,
              },
            );
            saved.push({ result, store });
          } catch (e) {
            throw partialFailure(e, saved.map((r) => r.result.schedule.project.name), schedule.project.name, targets.length);
          }
        }
        const first = saved[0];
        if (first) {
          report({ phase: 'analysing', done: 0, total: 1, schedule: 1, schedules: targets.length });
          await firstDashboard(first.store, first.result, now(), buildId);
        }
        return saved.map(({ result: { schedule: _schedule, ...r } }): SavedImport => r);
      }).finally(() => {
        for (const release of held.values()) release();
      });
    },

    async discard(pendingId) {
      staged.delete(pendingId);
    },

    clear() {
      staged.clear();
    },

    stagedCount() {
      return staged.size;
    },
  };
}

/**
 * The existing project a schedule looks like the next status of, in any space the user may write
 * to: the surest match (summaries.ts matchScore: id, code, name, activity ids in common); among
 * equals, the personal space first.
 */
async function matchingProject(session: AccountSession, schedule: Schedule): Promise<ProjectMatch | null> {
  let best: ProjectMatch | null = null;
  for (const { team, store } of await session.all()) {
    if (team.role === 'viewer') continue;
    const match = await store.findMatchingProject(schedule);
    // Strictly better only: of equals, the first space (the personal one) keeps it.
    if (match && (!best || match.score > best.score)) best = match;
  }
  return best;
}

/** The error of a failed save, saying what was saved before it (a file may hold several projects). */
function partialFailure(e: unknown, savedNames: string[], failedName: string, total: number): Error {
  const message = e instanceof Error ? e.message : String(e);
  if (savedNames.length === 0) {
    const text = `Nothing was saved: ${message}`;
    return e instanceof StoreError ? new StoreError(e.code, text, { cause: e }) : new Error(text, { cause: e });
  }
  const list = savedNames.map((n) => `“${n}”`).join(', ');
  const text = `${list} ${savedNames.length === 1 ? 'was' : 'were'} saved; “${failedName}”${total - savedNames.length > 1 ? ' and the projects after it' : ''} not: ${message}`;
  return e instanceof StoreError ? new StoreError(e.code, text, { cause: e }) : new Error(text, { cause: e });
}
