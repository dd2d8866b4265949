/**
 * CPM engine benchmarks (src/core/cpm) on seeded synthetic schedules (src/core/model/synthetic.ts),
 * 1k–100k activities with ~1.7 links each, progressed to their data date: compiling the network
 * (topological sort, CSR links, calendars) and one full schedule pass (forward, backward, floats,
 * critical flag). Target from issue 15: a 100k-activity schedule in well under a second.
 */
import { syntheticSchedule, type Schedule } from '../src/core/model';
import { compileNetwork, scheduleNetwork, type CpmNetwork } from '../src/core/cpm';
import { sizeLabel, type BenchCase, type BenchSuite } from './harness';

interface CpmCtx {
  schedule: Schedule;
  net: CpmNetwork;
}

export const cpmSuite: BenchSuite<CpmCtx> = {
  id: 'cpm',
  sizes: [1_000, 10_000, 100_000],
  label: sizeLabel,
  setup(n) {
    const schedule = syntheticSchedule({ activities: n, seed: 42 });
    return { schedule, net: compileNetwork(schedule) };
  },
  cases(n): BenchCase<CpmCtx>[] {
    const runs = n >= 100_000 ? 11 : n >= 10_000 ? 21 : 51;
    return [
      { name: 'CPM: compile network (topological order, CSR links, calendars)', runs, fn: (x) => compileNetwork(x.schedule) },
      {
        name: 'CPM: schedule pass (forward, backward, floats, critical)',
        runs,
        targetMs: n === 100_000 ? 1000 : undefined,
        note: `${n} activities`,
        fn: (x) => scheduleNetwork(x.net),
      },
    ];
  },
};
