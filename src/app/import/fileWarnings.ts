import type { PendingSchedule } from '../../local/contracts';

type Warning = PendingSchedule['warnings'][number];

/**
 * A multi-project file's warnings, split into the file's own (shown once, above the projects) and
 * each project's. A reader's file-level notes (the text encoding: `where: 'file'`) were copied into
 * every project's list, so the same sentence stood under each one (issue 18, item 4); a note every
 * project carries word for word is about the file too.
 */
export function splitFileWarnings(schedules: readonly Pick<PendingSchedule, 'warnings'>[]): { file: Warning[]; own: Warning[][] } {
  const key = (w: Warning) => `${w.where ?? ''}\u0000${w.message}`;
  const inEvery = new Set<string>();
  if (schedules.length > 1) {
    const [first, ...rest] = schedules;
    for (const w of first.warnings) if (rest.every((s) => s.warnings.some((x) => key(x) === key(w)))) inEvery.add(key(w));
  }
  const isFileLevel = (w: Warning) => w.where === 'file' || inEvery.has(key(w));
  const file: Warning[] = [];
  const seen = new Set<string>();
  for (const s of schedules)
    for (const w of s.warnings)
      if (isFileLevel(w) && !seen.has(key(w))) {
        seen.add(key(w));
        file.push(w);
      }
  return { file, own: schedules.map((s) => s.warnings.filter((w) => !isFileLevel(w))) };
}

/**
 * Which projects of a file are ticked at first: those with activities. A project with none (a P6
 * export carries the projects its links point into) would only add an empty project; it cannot be
 * ticked at all. A file of one project is always "ticked": there is no box.
 */
export function tickable(schedule: Pick<PendingSchedule, 'activities'>, count: number): boolean {
  return count === 1 || schedule.activities > 0;
}
