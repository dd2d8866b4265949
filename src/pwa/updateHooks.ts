/**
 * Work to finish before the page reloads into a new service worker (flush pending writes,
 * close database handles). Storage code registers here; the update prompt awaits them all.
 */
type BeforeUpdate = () => void | Promise<void>;

const hooks = new Set<BeforeUpdate>();

export function registerBeforeUpdate(hook: BeforeUpdate): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

export async function runBeforeUpdate(): Promise<void> {
  await Promise.allSettled([...hooks].map(async (hook) => hook()));
}
