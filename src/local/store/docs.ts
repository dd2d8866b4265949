/**
 * The shapes of the PouchDB documents the store writes. These are synced to the team, so every
 * field is plain JSON and the documents stay small (OFFLINE_NOTES §3.4.1: large documents stall
 * replication). Timestamps that record when something happened on a device (`createdAt`,
 * `importedAt`) are ISO instants in UTC; schedule dates stay project-local (model/dates.ts).
 */
import type { LocalDateTime } from '../../core/model/dates';
import type { Project, SourceInfo } from '../../core/model/schedule';
import type { ChunkKind } from './chunkKinds';
import type { PeriodTable } from '../../core/evm/periodTable';

/**
 * Bumped when the document layout changes in a way older code cannot read; each bump comes with a
 * migration in layout.ts. A database records its layout, checked whenever the store opens, and an
 * older build that finds a newer layout stops writing and asks to reload.
 */
export const STORE_LAYOUT_VERSION = 1;

interface DocBase {
  _id: string;
  _rev?: string;
}

export interface ProjectDoc extends DocBase {
  type: 'project';
  projectId: string;
  name: string;
  code?: string;
  /** ISO 4217. */
  currency: string;
  createdAt: string;
  /** Changed by create and rename only; imports never touch this doc (so teammates' imports cannot conflict on it). */
  updatedAt: string;
}

/**
 * One import: a file read at one moment. Written after all its chunks, so a header's presence
 * means the import is complete on the device that wrote it (on other devices the chunks may still
 * be arriving: `chunks` says how many to expect).
 */
export interface ImportHeaderDoc extends DocBase {
  type: 'import';
  /** The layout the document was written in (STORE_LAYOUT_VERSION of the build that wrote it). */
  layout: number;
  projectId: string;
  importId: string;
  fileName: string;
  /** The format the user imported (as the import screen named it: "xer", "mspdi", "xlsx"…). */
  format: string;
  fileSize: number;
  importedAt: string;
  /**
   * The import's data date: the file's own, or the status date confirmed in the import summary
   * (`project.dataDateSource` says where that one came from).
   */
  dataDate?: LocalDateTime;
  /** When the status was taken: the data date, else what the file supports (model/statusDate.ts). Orders the history. */
  statusDate?: LocalDateTime;
  activityCount: number;
  warningsCount: number;
  /** The schedule's `formatVersion`. */
  formatVersion: number;
  /** The schedule's project block as the file had it (its own id, code and name). */
  project: Project;
  /** The schedule's source info without its warnings (which are chunked); absent when the schedule had none. */
  source?: Omit<SourceInfo, 'warnings'>;
  /** Chunk documents written per kind, to tell a complete import from one still syncing. */
  chunks: Partial<Record<ChunkKind, number>>;
  /** Items per kind (activities, relationships…). */
  counts: Partial<Record<ChunkKind, number>>;
  /** Who imported it (account id and name), for "what changed" (issue 13); absent on older headers. */
  importedBy?: { id: string; name: string };
}

/** A run of items of one collection, or one piece of an item too big for one document. */
export interface ChunkDoc extends DocBase {
  type: 'chunk';
  kind: ChunkKind;
  projectId: string;
  importId: string;
  n: number;
  items?: unknown[];
  /** One slice of the JSON text of a single oversized item (a huge calendar or snapshot). */
  piece?: { part: number; parts: number; json: string };
}

export interface MappingDoc extends DocBase {
  type: 'mapping';
  /** The signature as given (the id holds only its hash). */
  signature: string;
  corrections: Record<string, string | null>;
  updatedAt: string;
}

/**
 * An imported period table (PV, EV, AC per period): a few hundred rows at most, so one document.
 * A project holds either schedule imports or period tables; the latest table is analysed.
 */
export interface PeriodTableDoc extends DocBase {
  type: 'periods';
  /** The layout the document was written in (STORE_LAYOUT_VERSION of the build that wrote it). */
  layout: number;
  projectId: string;
  importId: string;
  fileName: string;
  importedAt: string;
  table: PeriodTable;
}

export type StoreDoc = ProjectDoc | ImportHeaderDoc | ChunkDoc | MappingDoc | PeriodTableDoc;
