/**
 * The portfolio (contracts.ts PortfolioApi) through the data worker's API in Node, on the real
 * store: each project's row carries the figures of its opening dashboard and the lights the same
 * rules give the cards; a project with no import has nulls and says why; rows are heard one by one;
 * and a second read comes from the dashboard cache without loading any schedule.
 */
import '../store/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { statusOf } from '../../../src/core/insight/status';
import { DEFAULT_RULES } from '../../../src/core/insight/rules';
import { syntheticSchedule } from '../../../src/core/model/synthetic';
import type { Schedule } from '../../../src/core/model/schedule';
import { createDataBackend } from '../../../src/local/backend';
import { FIRST_DASHBOARD_OPTIONS, type PortfolioRow } from '../../../src/local/contracts';
import { NO_IMPORT_REASON, portfolioRowOf } from '../../../src/local/portfolio';
import { openLocalStore, type LocalStore } from '../../../src/local/store';

const stores: LocalStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.destroy().catch(() => undefined);
});

const NOW = new Date('2026-03-02T09:00:00');

function backend() {
  let opened: LocalStore | null = null;
  const api = createDataBackend({
    buildId: 'test-build',
    now: () => NOW,
    teams: [{ id: 'home-team', name: 'Personal', role: 'owner', isHome: true }],
    session: { memory: null, migrate: async () => undefined },
    open: async () => {
      opened = await openLocalStore({ name: `portfolio_${Math.random().toString(36).slice(2, 10)}`, broadcast: false });
      stores.push(opened);
      return opened;
    },
  });
  void api.useAccount('user-1');
  return { api, store: () => opened as unknown as LocalStore };
}

const jsonOf = (schedules: Schedule[]): ArrayBuffer => new TextEncoder().encode(JSON.stringify(schedules)).buffer as ArrayBuffer;

describe('the portfolio', () => {
  it("gives each project its opening dashboard's figures and lights, nulls with a reason without an import, row by row, then from the cache", async () => {
    const { api, store } = backend();
    const schedule = syntheticSchedule({ activities: 400, seed: 11, statusAt: 0.45 });
    const staged = await api.stage(jsonOf([schedule]), { fileName: 'site.xer', format: 'Primavera P6 XER', fileSize: 1000 });
    const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
    const empty = await api.createProject({ name: 'Depot (not imported yet)' });

    const heard: PortfolioRow[] = [];
    const rows = await api.portfolio((r) => heard.push(r));
    expect(rows.map((r) => r.projectId).sort()).toEqual([saved.projectId, empty.id].sort());
    expect(heard).toEqual(rows);

    const d = await api.dashboard(saved.projectId, FIRST_DASHBOARD_OPTIONS);
    const a = d.analysis;
    const row = rows.find((r) => r.projectId === saved.projectId)!;
    expect(row.reason).toBeNull();
    expect(row.statusDate).toBe(a.dataDate);
    expect(row.statusDate).not.toBeNull();
    expect(row).toMatchObject({ bac: a.cost.bac.value, eac: a.cost.eacSelected.value, vac: a.cost.vac.value, spi: a.cost.spi.value, cpi: a.cost.cpi.value, spit: a.schedule.spit.value });
    expect(row.bac).toBeGreaterThan(0);
    expect(row.spi).not.toBeNull();
    // The lights are the cards' statuses (no rule or no figure: no light).
    const rules = d.rules ?? DEFAULT_RULES;
    const asLight = (c: string) => (c === 'neutral' ? 'none' : c);
    expect(row.lights).toEqual({
      spi: asLight(statusOf('spi', a, { rules })),
      cpi: asLight(statusOf('cpi', a, { rules })),
      spit: asLight(statusOf('spit', a, { rules })),
      vac: asLight(statusOf('vacPct', a, { rules })),
    });
    // The worst alert is the alert list's first, with the counts.
    if (d.alerts.length) expect(row.worstAlert).toEqual({ severity: d.alerts[0].severity, message: d.alerts[0].message, nodeKind: d.alerts[0].nodeKind, nodeName: d.alerts[0].nodeName, count: d.alerts.length, critical: d.alerts.filter((x) => x.severity === 'critical').length });
    else expect(row.worstAlert).toBeNull();

    const none = rows.find((r) => r.projectId === empty.id)!;
    expect(none).toMatchObject({ reason: NO_IMPORT_REASON, bac: null, eac: null, spi: null, cpi: null, spit: null, vac: null, worstAlert: null, statusDate: null });

    // Reopened: every figure from the dashboard cache, no schedule loaded again.
    let loads = 0;
    const s = store();
    const real = s.loadSchedule.bind(s);
    s.loadSchedule = (...args) => {
      loads++;
      return real(...args);
    };
    expect(await api.portfolio()).toEqual(rows);
    expect(loads).toBe(0);
  });

  it('colours a breached index by the rules the dashboard carries', async () => {
    const { api } = backend();
    const schedule = syntheticSchedule({ activities: 300, seed: 5, statusAt: 0.5 });
    const staged = await api.stage(jsonOf([schedule]), { fileName: 'a.xer', format: 'Primavera P6 XER', fileSize: 1000 });
    const [saved] = await api.commit(staged.pendingId, [{ index: 0, projectId: null }]);
    const d = await api.dashboard(saved.projectId, FIRST_DASHBOARD_OPTIONS);
    const spi = d.analysis.cost.spi.value!;
    // A rule that SPI breaches (threshold just above it) and none for CPI: SPI is critical, CPI has no light.
    const rules = [{ id: 'spi-critical', metric: 'spi' as const, comparison: '<' as const, threshold: spi + 0.01, scope: 'any' as const, severity: 'critical' as const, message: '{node}: SPI {value}' }];
    const row = portfolioRowOf(saved.projectId, { ...d, rules });
    expect(row.lights.spi).toBe('critical');
    expect(row.lights.cpi).toBe('none');
    expect(row.lights.vac).toBe('none');
  });
});
