/**
 * Collects what the reader has to say about a file without drowning the user.
 *
 * A damaged export can repeat the same problem on thousands of elements; listing every one would
 * hide the other warnings. Each kind of warning (`key`) is listed up to `perKindLimit` times and
 * the rest are counted, then summarised in one closing line per kind.
 */
import type { ImportWarning } from '../../model/schedule';

export class WarningLog {
  private readonly list: ImportWarning[] = [];
  private readonly counts = new Map<string, { shown: number; hidden: number; sample: string }>();

  constructor(private readonly perKindLimit = 10) {}

  /** Adds a warning; `key` groups repeats of the same problem (defaults to the message). */
  add(message: string, where?: string, key: string = message): void {
    const c = this.counts.get(key) ?? { shown: 0, hidden: 0, sample: message };
    this.counts.set(key, c);
    if (c.shown >= this.perKindLimit) {
      c.hidden++;
      return;
    }
    c.shown++;
    this.list.push(where ? { message, where } : { message });
  }

  /** Adds a warning only the first time its key is seen (for "applies to the whole file" notes). */
  once(key: string, message: string, where?: string): void {
    if (this.counts.has(key)) return;
    this.add(message, where, key);
  }

  /** The warnings, with a "…and N more like this" line for every kind that was cut short. */
  toArray(): ImportWarning[] {
    const out = [...this.list];
    for (const c of this.counts.values()) {
      if (c.hidden > 0) out.push({ message: `…and ${c.hidden} more like this: "${c.sample}"` });
    }
    return out;
  }
}
