/**
 * What went wrong with a team's replication, in the user's terms: why, and what to do. Each
 * problem also says how the engine reacts:
 * - `stop`: nothing is retried until something changes (sign-in, a new role, membership);
 * - `pull-only`: changes keep arriving from the team, this device's changes are not sent;
 * - `retry`: tried again after the backoff (at least the server's Retry-After).
 *
 * The gateway answers refusals as CouchDB does (`{error: "forbidden", reason}`), so which 403 it
 * is, is read from the reason's wording; GATEWAY_REASONS must match server/sync/errors.ts and
 * server/teams/limits.ts (tests/server/sync/devices.test.ts checks they do).
 */
import type { TeamRole } from '../../core/api/teams';

export type SyncProblemCode =
  /** The session is over (401 after one refresh): everything stops until the user signs in. */
  | 'signed-out'
  /** The user's role in the team is viewer: nothing from this device can be sent. */
  | 'viewer'
  /** The user is no longer a member of the team. */
  | 'not-member'
  /** The team's plan ended: the server takes no changes; reads still work. */
  | 'plan-ended'
  /** The team is at its projects limit. */
  | 'project-limit'
  /** Any other refusal of a write (403 or a document refused one by one). */
  | 'refused'
  /** A request or document was too large (413). */
  | 'too-large'
  /** The server asked to wait (429/503 with Retry-After). */
  | 'busy'
  /** No answer from the server (down, restarting, no route) while the device says it is online. */
  | 'unreachable'
  /** The server failed (5xx) or answered something the engine did not expect. */
  | 'server'
  /** This device's database failed (storage full, blocked). */
  | 'storage';

export type ProblemReaction = 'stop' | 'pull-only' | 'retry';

export interface SyncProblem {
  code: SyncProblemCode;
  /** Why, in a sentence a planner can read. */
  why: string;
  /** What to do next. */
  action: string;
  reaction: ProblemReaction;
  /** The server's own wording, when it gave one. */
  detail?: string;
  /** HTTP status, when there was one. */
  status?: number;
}

/** A problem thrown rather than shown in the status (a one-off send: a project's move). */
export class SyncProblemError extends Error {
  override name = 'SyncProblemError';
  constructor(readonly problem: SyncProblem) {
    super(`${problem.why} ${problem.action}`);
  }
}

/** The start of each refusal reason the gateway sends (see the file comment). */
export const GATEWAY_REASONS = {
  viewer: "Viewers can read this team's projects but not change them.",
  notMember: 'You are not a member of this team.',
  planEnded: "This team's plan ended on ",
  projectLimit: 'This team has reached its limit of ',
} as const;

interface ErrorLike {
  status?: unknown;
  name?: unknown;
  error?: unknown;
  message?: unknown;
  reason?: unknown;
  code?: unknown;
}

function textOf(e: ErrorLike): string {
  if (typeof e.reason === 'string' && e.reason) return e.reason;
  if (typeof e.message === 'string') return e.message;
  return '';
}

function isQuota(e: ErrorLike, text: string): boolean {
  return e.name === 'QuotaExceededError' || e.code === 22 || /quota|disk is full|no space left/i.test(text);
}

export interface ProblemContext {
  teamName: string;
  role?: TeamRole;
}

/** A replication error as a problem. */
export function classifyError(err: unknown, ctx: ProblemContext): SyncProblem {
  const e = (err && typeof err === 'object' ? err : { message: String(err) }) as ErrorLike;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const text = textOf(e);
  const team = `"${ctx.teamName}"`;

  if (status === 401) return signedOut();
  if (status === 403) {
    if (text.startsWith(GATEWAY_REASONS.viewer)) return viewerProblem(ctx.teamName, text);
    if (text.startsWith(GATEWAY_REASONS.notMember)) {
      return {
        code: 'not-member',
        why: `You are no longer a member of ${team}, so it does not sync to this device any more.`,
        action: 'What you changed here is kept on this device. Ask the team owner to invite you again.',
        reaction: 'stop',
        detail: text,
        status,
      };
    }
    if (text.startsWith(GATEWAY_REASONS.planEnded)) {
      return { code: 'plan-ended', why: text, action: `Changes made here to ${team} are kept on this device and sent once the plan is renewed.`, reaction: 'retry', detail: text, status };
    }
    if (text.startsWith(GATEWAY_REASONS.projectLimit)) {
      return { code: 'project-limit', why: `The server refused a new project in ${team}: ${text}`, action: 'Earnest keeps trying; the project stays on this device meanwhile.', reaction: 'retry', detail: text, status };
    }
    return refused(team, text, status);
  }
  if (status === 413) {
    return {
      code: 'too-large',
      why: `The server refused a change to ${team} as too large: ${text || 'no detail given'}`,
      action: 'Earnest retries in smaller batches; if it keeps failing, report it with the project named here.',
      reaction: 'retry',
      detail: text,
      status,
    };
  }
  if (status === 429 || status === 503) {
    return {
      code: 'busy',
      why: `The sync server is busy${text ? `: ${text}` : '.'}`,
      action: 'Earnest waits as long as the server asked, then carries on by itself.',
      reaction: 'retry',
      detail: text,
      status,
    };
  }
  if (isQuota(e, text)) {
    return {
      code: 'storage',
      why: "This device's storage for Earnest is full, so changes from the team cannot be saved here.",
      action: 'Free space by deleting projects or old imports you no longer need, or free disk space, then Earnest carries on.',
      reaction: 'retry',
      detail: text,
    };
  }
  if (status === undefined || status === 0) {
    return {
      code: 'unreachable',
      why: 'The Earnest server cannot be reached.',
      action: 'Your work is kept on this device. Earnest tries again by itself; check the connection if this lasts.',
      reaction: 'retry',
      detail: text,
    };
  }
  return {
    code: 'server',
    why: `The server answered ${status} while syncing ${team}${text ? `: ${text}` : '.'}`,
    action: 'Your work is kept on this device. Earnest tries again by itself.',
    reaction: 'retry',
    detail: text,
    status,
  };
}

export function signedOut(): SyncProblem {
  return {
    code: 'signed-out',
    why: 'Signed out: sign in again to sync.',
    action: 'Changes made on this device are kept and sent after you sign in.',
    reaction: 'stop',
    status: 401,
  };
}

export function viewerProblem(teamName: string, detail?: string): SyncProblem {
  return {
    code: 'viewer',
    why: `Your role in "${teamName}" is viewer: changes made on this device cannot be sent.`,
    action: "Ask a team owner or admin for the editor role. The team's own changes still arrive here.",
    reaction: 'pull-only',
    ...(detail ? { detail } : {}),
    status: 403,
  };
}

function refused(team: string, text: string, status?: number): SyncProblem {
  return {
    code: 'refused',
    why: `The server refused a change to ${team}${text ? `: ${text}` : '.'}`,
    action: 'The change is kept on this device; Earnest tries again later.',
    reaction: 'retry',
    detail: text,
    ...(status !== undefined ? { status } : {}),
  };
}

/** A document the server refused on its own (PouchDB's `denied` event). */
export function classifyDenied(err: unknown, ctx: ProblemContext): SyncProblem {
  const p = classifyError(err, ctx);
  if (p.code === 'unreachable' || p.code === 'server') {
    const e = (err && typeof err === 'object' ? err : {}) as ErrorLike;
    return refused(`"${ctx.teamName}"`, textOf(e), typeof e.status === 'number' ? e.status : undefined);
  }
  return p;
}
