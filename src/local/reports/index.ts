/**
 * exportReport (contracts.ts ReportsApi): gathers what the project's screens show — the dashboard
 * at the toolbar's options, its VARs and the team's comments, through the same calls the pages use,
 * so the report never disagrees with them — plus the activity grid of the import it measures, and
 * hands it to the pure builders in src/core/report. The bytes are transferred to the page.
 */
import { transfer } from 'comlink';
import { activityBudgetNote } from '../../core/changes/activityNote';
import { reportActivityRows } from '../../core/report/activityRows';
import { buildPdf } from '../../core/report/pdf';
import type { ReportComment, ReportInput, ReportVariance } from '../../core/report/types';
import { buildWorkbook } from '../../core/report/xlsx';
import type { AccountSession } from '../account';
import { pmbOf } from '../baselines/plans';
import type { CommentRow, DataApi, ExportedReport, ReportsApi, VarianceList } from '../contracts';

/** Where a comment belongs, as the report names it. */
function aboutOf(c: CommentRow): string {
  if (c.target.kind === 'project') return 'Project';
  if (c.target.kind === 'element') return c.target.name ?? c.target.nodeId;
  return `Alert ${c.target.metric.toUpperCase()}${c.target.name ? ` on ${c.target.name}` : ''}`;
}

export function reportVariances(list: VarianceList): ReportVariance[] {
  return list.rows.map((r) => ({
    code: r.code,
    name: r.name,
    severity: r.severity,
    status: r.var?.status ?? null,
    cause: r.var?.cause ?? '',
    impact: r.var?.impact ?? '',
    correctiveAction: r.var?.correctiveAction ?? '',
    owner: r.var?.owner ?? '',
    dueDate: r.var?.dueDate ?? '',
  }));
}

export function reportComments(rows: readonly CommentRow[]): ReportComment[] {
  return rows.map((c) => ({ about: aboutOf(c), author: c.author.name, at: c.createdAt, text: c.text, resolved: c.resolved }));
}

type Sources = Pick<DataApi, 'dashboard' | 'listVariances' | 'listComments' | 'listProjects'>;

export function reportHandlers(session: AccountSession, api: Sources, now: () => Date = () => new Date()): ReportsApi {
  return {
    async exportReport(projectId, options, request): Promise<ExportedReport> {
      if (request.format !== 'pdf' && request.format !== 'xlsx') throw new Error(`Unknown report format "${String(request.format)}": choose PDF or Excel.`);
      const dashboard = await api.dashboard(projectId, options);
      const [variances, comments, projects] = await Promise.all([
        api.listVariances(projectId, options).catch(() => null),
        api.listComments(projectId).catch(() => []),
        api.listProjects().catch(() => []),
      ]);
      // The status report's breakdown is by control account: ask for it when the toolbar's is by WBS.
      const controlAccounts =
        dashboard.analysis.breakdown && options.breakdown !== 'control-account'
          ? await api.dashboard(projectId, { ...options, breakdown: 'control-account' }).then((d) => d.analysis.breakdown, () => null)
          : null;
      // The activity grid of the import the dashboard measured, against the same PMB (budgets and
      // baseline dates, baselines/plans.ts) as the dashboard and the Activities tab; a period table has none.
      let activities: ReportInput['activities'] = null;
      if (dashboard.analysis.breakdown) {
        const store = (await session.spaceOf(projectId)).store;
        const schedule = await session.run(async () => (await pmbOf(store, projectId)).apply(await store.loadSchedule(projectId, options.importId)));
        activities = reportActivityRows(schedule, dashboard.analysis, options.profile);
      }
      const input: ReportInput = {
        dashboard,
        rules: dashboard.rules,
        projectCode: projects.find((p) => p.id === projectId)?.code,
        controlAccounts,
        variances: variances ? reportVariances(variances) : [],
        comments: reportComments(comments),
        activities,
        activityBudgetNote: activities ? activityBudgetNote(dashboard.changeControl, dashboard.analysis.measureBasis, dashboard.analysis.project.currency) : null,
        generatedAt: now().toISOString(),
      };
      const file = request.format === 'pdf' ? await buildPdf(input, request.paper === 'Letter' ? 'Letter' : 'A4') : await buildWorkbook(input);
      const bytes = file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength) as ArrayBuffer;
      return transfer({ fileName: file.fileName, mime: file.mime, bytes }, [bytes]);
    },
  };
}
