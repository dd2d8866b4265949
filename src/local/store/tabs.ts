/**
 * Tabs of the same account tell each other when they change projects, over a BroadcastChannel per
 * database: another tab's project list refreshes instead of going stale, and a tab learns at once
 * that a newer build has moved the data to a layout it cannot write. Where BroadcastChannel does
 * not exist, tabs simply do not hear each other (each still checks the layout when it opens).
 */

export interface TabMessage {
  /** `projects-changed`: projects or their imports were added, changed or removed. `layout-changed`: the database was migrated. */
  kind: 'projects-changed' | 'layout-changed';
  /** The document layout the sending tab writes. */
  layout: number;
  /** The sending tab's build. */
  build: string;
}

export class TabChannel {
  private readonly channel: BroadcastChannel | null;

  constructor(dbName: string, onMessage: (m: TabMessage) => void) {
    const Channel = (globalThis as { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
    this.channel = Channel ? new Channel(`earnest-store:${dbName}`) : null;
    if (!this.channel) return;
    this.channel.onmessage = (ev: MessageEvent<unknown>) => {
      const m = ev.data as Partial<TabMessage> | null;
      if (m && (m.kind === 'projects-changed' || m.kind === 'layout-changed') && typeof m.layout === 'number' && typeof m.build === 'string') onMessage(m as TabMessage);
    };
    // Node keeps a process alive while a channel is open; a browser has no such notion.
    (this.channel as { unref?: () => void }).unref?.();
  }

  post(m: TabMessage): void {
    try {
      this.channel?.postMessage(m);
    } catch {
      // A closed channel (the store is closing): nobody is left to tell.
    }
  }

  close(): void {
    this.channel?.close();
  }
}
