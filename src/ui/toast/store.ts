import { create } from 'zustand';

/*
 * Two small toast stores, as the product spec describes (§4 Toasts, §9):
 *  - the FIRST system ("toast"): holds at most 1 toast (a new one replaces the old); a dismissed
 *    toast is hidden at once and removed from the store after TOAST_REMOVE_DELAY ms;
 *  - the SECOND system ("notify", sonner-like): up to 3 visible, 4000 ms by default.
 * Both are hand-written (the sonner package injects a <style> tag at runtime, which the
 * CSP `style-src 'self'` blocks).
 */

// ---------------------------------------------------------------------------------------------
// First system
// ---------------------------------------------------------------------------------------------

/** The first system holds at most this many toasts. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the store (closed) for this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long an open toast of the first system stays before it closes by itself (Radix's default). */
export const TOAST_DEFAULT_DURATION = 5000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; Infinity keeps it until dismissed. */
  duration?: number;
}

export interface ToastItem {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
}

interface ToastState {
  toasts: ToastItem[];
}

export const useToastStore = create<ToastState>()(() => ({ toasts: [] }));

let toastCount = 0;
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
const autoCloseTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    }, TOAST_REMOVE_DELAY),
  );
}

function clearAutoClose(id: string) {
  const timer = autoCloseTimers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  autoCloseTimers.delete(id);
}

/** Closes one toast (or all of them without an id); it is removed TOAST_REMOVE_DELAY ms later. */
export function dismissToast(id?: string): void {
  const { toasts } = useToastStore.getState();
  const targets = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  for (const t of targets) {
    clearAutoClose(t.id);
    scheduleRemoval(t.id);
  }
  useToastStore.setState((s) => ({
    toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  }));
}

/** Removes toasts from the store at once (tests; sign-out). */
export function clearToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  for (const timer of autoCloseTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  autoCloseTimers.clear();
  useToastStore.setState({ toasts: [] });
}

/** Shows a toast in the first system; any earlier one is pushed out (TOAST_LIMIT = 1). */
export function toast(input: ToastInput): ToastHandle {
  toastCount = (toastCount + 1) % Number.MAX_SAFE_INTEGER;
  const id = `t${toastCount}`;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION,
    open: true,
  };
  useToastStore.setState((s) => {
    const kept = [item, ...s.toasts].slice(0, TOAST_LIMIT);
    // Anything pushed out of the store no longer needs its timers.
    for (const dropped of s.toasts.filter((t) => !kept.includes(t))) {
      clearAutoClose(dropped.id);
      const timer = removeTimers.get(dropped.id);
      if (timer !== undefined) clearTimeout(timer);
      removeTimers.delete(dropped.id);
    }
    return { toasts: kept };
  });
  if (Number.isFinite(item.duration)) {
    autoCloseTimers.set(
      id,
      setTimeout(() => {
        autoCloseTimers.delete(id);
        dismissToast(id);
      }, item.duration),
    );
  }
  return { id, dismiss: () => dismissToast(id) };
}

// ---------------------------------------------------------------------------------------------
// Second system (sonner-like)
// ---------------------------------------------------------------------------------------------

/** At most this many notifications are visible at once; older ones wait in the store. */
export const NOTIFY_VISIBLE = 3;
export const NOTIFY_DEFAULT_DURATION = 4000;
export const NOTIFY_GAP = 14;
export const NOTIFY_WIDTH = 356;
export const NOTIFY_HOTKEY_LABEL = 'Notifications alt+T';

export type NotifyType = 'default' | 'success' | 'error' | 'info';

export interface NotifyOptions {
  description?: string;
  /** Milliseconds; Infinity keeps it until dismissed. */
  duration?: number;
  id?: string;
}

export interface NotifyItem {
  id: string;
  message: string;
  description?: string;
  type: NotifyType;
  duration: number;
  createdAt: number;
}

interface NotifyState {
  items: NotifyItem[];
  /** While true (pointer over or focus inside the region), timers are paused. */
  paused: boolean;
}

export const useNotifyStore = create<NotifyState>()(() => ({ items: [], paused: false }));

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  remaining: number;
  startedAt: number;
}
const notifyTimers = new Map<string, Timer>();
let notifyCount = 0;

function startTimer(id: string) {
  const timer = notifyTimers.get(id);
  if (!timer || timer.handle !== undefined || !Number.isFinite(timer.remaining)) return;
  timer.startedAt = Date.now();
  timer.handle = setTimeout(() => dismissNotify(id), timer.remaining);
}

function stopTimer(id: string) {
  const timer = notifyTimers.get(id);
  if (!timer || timer.handle === undefined) return;
  clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
}

/** Only visible notifications count down (like sonner), and none while the region is paused. */
function syncTimers() {
  const { items, paused } = useNotifyStore.getState();
  items.forEach((item, index) => {
    if (!paused && index < NOTIFY_VISIBLE) startTimer(item.id);
    else stopTimer(item.id);
  });
}

export function dismissNotify(id?: string): void {
  const ids = id === undefined ? useNotifyStore.getState().items.map((i) => i.id) : [id];
  for (const each of ids) {
    stopTimer(each);
    notifyTimers.delete(each);
  }
  useNotifyStore.setState((s) => ({ items: s.items.filter((i) => !ids.includes(i.id)) }));
  syncTimers();
}

export function setNotifyPaused(paused: boolean): void {
  if (useNotifyStore.getState().paused === paused) return;
  useNotifyStore.setState({ paused });
  syncTimers();
}

function show(message: string, type: NotifyType, opts: NotifyOptions = {}): string {
  const id = opts.id ?? `n${(notifyCount = (notifyCount + 1) % Number.MAX_SAFE_INTEGER)}`;
  const duration = opts.duration ?? NOTIFY_DEFAULT_DURATION;
  const item: NotifyItem = { id, message, description: opts.description, type, duration, createdAt: Date.now() };
  stopTimer(id);
  notifyTimers.set(id, { handle: undefined, remaining: duration, startedAt: 0 });
  // Newest first: the first NOTIFY_VISIBLE items are the ones on screen.
  useNotifyStore.setState((s) => ({ items: [item, ...s.items.filter((i) => i.id !== id)] }));
  syncTimers();
  return id;
}

export interface Notify {
  (message: string, opts?: NotifyOptions): string;
  success: (message: string, opts?: NotifyOptions) => string;
  error: (message: string, opts?: NotifyOptions) => string;
  info: (message: string, opts?: NotifyOptions) => string;
  dismiss: (id?: string) => void;
}

/** The second toast system: `notify('Saved')`, `notify.error('Could not save')`. Returns the id. */
export const notify: Notify = Object.assign((message: string, opts?: NotifyOptions) => show(message, 'default', opts), {
  success: (message: string, opts?: NotifyOptions) => show(message, 'success', opts),
  error: (message: string, opts?: NotifyOptions) => show(message, 'error', opts),
  info: (message: string, opts?: NotifyOptions) => show(message, 'info', opts),
  dismiss: (id?: string) => dismissNotify(id),
});

/** Test helper: empties the second system and its timers. */
export function clearNotify(): void {
  for (const timer of notifyTimers.values()) if (timer.handle !== undefined) clearTimeout(timer.handle);
  notifyTimers.clear();
  useNotifyStore.setState({ items: [], paused: false });
}
