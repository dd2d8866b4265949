/**
 * A deliberately naive working-time reference for the calendar tests: it walks minute by minute
 * (or day by day for long spans) over a plain, already-resolved `Calendar`, using only the model's
 * date helpers, so it shares no code with src/core/calendar.
 */
import { dayOfWeek, fromMinutes } from '../../../src/core/model/dates';
import type { Calendar, WorkInterval } from '../../../src/core/model/schedule';

export interface NaiveCalendar {
  intervalsOfDay(day: number): readonly WorkInterval[];
  isWorking(minute: number): boolean;
  between(a: number, b: number): number;
  betweenByDays(a: number, b: number): number;
  add(start: number, minutes: number): number;
  next(minute: number): number;
  previousEnd(minute: number): number;
}

export function naive(cal: Calendar): NaiveCalendar {
  const byDate = new Map(cal.exceptions.map((x) => [x.date, x.intervals] as const));
  const cache = new Map<number, readonly WorkInterval[]>();
  const intervalsOfDay = (day: number): readonly WorkInterval[] => {
    let iv = cache.get(day);
    if (!iv) {
      const date = fromMinutes(day * 1440).slice(0, 10);
      iv = byDate.get(date) ?? cal.workWeek[dayOfWeek(day * 1440)];
      cache.set(day, iv);
    }
    return iv;
  };
  const isWorking = (minute: number): boolean => {
    const day = Math.floor(minute / 1440);
    const m = minute - day * 1440;
    return intervalsOfDay(day).some(([s, e]) => s <= m && m < e);
  };
  const between = (a: number, b: number): number => {
    if (b < a) return 0 - between(b, a);
    let n = 0;
    for (let x = a; x < b; x++) if (isWorking(x)) n++;
    return n;
  };
  const betweenByDays = (a: number, b: number): number => {
    if (b < a) return 0 - betweenByDays(b, a);
    let n = 0;
    for (let day = Math.floor(a / 1440); day * 1440 < b; day++) {
      for (const [s, e] of intervalsOfDay(day)) {
        const lo = Math.max(a, day * 1440 + s);
        const hi = Math.min(b, day * 1440 + e);
        if (hi > lo) n += hi - lo;
      }
    }
    return n;
  };
  const LIMIT = 10_000_000;
  const add = (start: number, minutes: number): number => {
    let t = start;
    let left = Math.abs(minutes);
    let guard = 0;
    if (minutes > 0) {
      while (left > 0) {
        if (isWorking(t)) left--;
        t++;
        if (++guard > LIMIT) throw new Error('naive add ran away');
      }
    } else {
      while (left > 0) {
        if (isWorking(t - 1)) left--;
        t--;
        if (++guard > LIMIT) throw new Error('naive add ran away');
      }
    }
    return t;
  };
  const next = (minute: number): number => {
    let t = minute;
    while (!isWorking(t)) t++;
    return t;
  };
  const previousEnd = (minute: number): number => {
    let t = minute;
    while (!isWorking(t - 1)) t--;
    return t;
  };
  return { intervalsOfDay, isWorking, between, betweenByDays, add, next, previousEnd };
}
