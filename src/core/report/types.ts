/**
 * What the report builders take and give. Data in (the dashboard the screen shows, with the
 * narratives the team wrote), bytes out. The shapes are core's own so the builders stay pure: the
 * data worker and the CLI fill them from the store or from a file.
 */
import type { BreakdownNode } from '../evm/types';
import type { DashboardData } from '../insight/dashboard';
import type { AlertRule } from '../insight/rules';
import type { ActivityRow } from '../evm/activityValues';

export type Paper = 'A4' | 'Letter';

/** A variance analysis report (VAR) on a control account, as written in the app. */
export interface ReportVariance {
  code: string;
  name: string;
  /** Null when the account no longer breaches (a VAR written earlier is still reported). */
  severity: 'warning' | 'critical' | null;
  /** 'draft' | 'submitted' | 'approved', or null when no VAR has been written yet. */
  status: string | null;
  cause: string;
  impact: string;
  correctiveAction: string;
  owner: string;
  dueDate: string;
}

/** A comment of the team on the project, an element or an alert. */
export interface ReportComment {
  /** What it is about: "Project", an element's or an alert's name. */
  about: string;
  author: string;
  /** ISO timestamp. */
  at: string;
  text: string;
  resolved: boolean;
}

export interface ReportInput {
  dashboard: DashboardData;
  /** The rules the alerts were judged by (absent: the defaults). */
  rules?: readonly AlertRule[];
  /** The project's short code, when it has one (file names, the title). */
  projectCode?: string;
  variances: ReportVariance[];
  comments: ReportComment[];
  /**
   * The breakdown by control account, when the dashboard's own is by another (WBS): the status
   * report's breakdown is by control account whenever the schedule has them.
   */
  controlAccounts?: BreakdownNode | null;
  /** The Activities tab's rows (reportActivityRows); null for a period table (no activities). */
  activities: ActivityRow[] | null;
  /** Why the activities' budgets do not add up to BAC (approved changes; core/changes/activityNote.ts), when so. */
  activityBudgetNote?: string | null;
  /** When the report was made (ISO), printed in its footer. */
  generatedAt: string;
}

export interface ReportFile {
  fileName: string;
  mime: string;
  bytes: Uint8Array;
}

export const PDF_MIME = 'application/pdf';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Whether a control-account breakdown names any account (not only "(no control account)"). */
export function hasControlAccounts(root: BreakdownNode | null | undefined): root is BreakdownNode {
  if (!root || root.children.length === 0 || root.children[0].kind !== 'control-account') return false;
  return root.children.some((c) => !c.name.startsWith('(no control account'));
}
