import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearNotify,
  clearToasts,
  dismissToast,
  notify,
  NOTIFY_DEFAULT_DURATION,
  NOTIFY_VISIBLE,
  setNotifyPaused,
  toast,
  TOAST_DEFAULT_DURATION,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  useNotifyStore,
  useToastStore,
} from '../../../src/ui/toast';

const toasts = () => useToastStore.getState().toasts;
const notes = () => useNotifyStore.getState().items;

beforeEach(() => {
  vi.useFakeTimers();
  clearToasts();
  clearNotify();
});
afterEach(() => {
  clearToasts();
  clearNotify();
  vi.useRealTimers();
});

describe('first toast system (toast)', () => {
  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it('holds at most one toast: a new one replaces the old', () => {
    const a = toast({ title: 'Saved' });
    const b = toast({ title: 'Trial Started!', description: 'You now have 14 days', variant: 'default' });
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ id: b.id, title: 'Trial Started!', description: 'You now have 14 days', open: true });
    expect(a.id).not.toBe(b.id);
    // Dismissing the pushed-out toast changes nothing.
    a.dismiss();
    expect(toasts()[0]).toMatchObject({ id: b.id, open: true });
  });

  it('defaults to the default variant and keeps destructive', () => {
    toast({ title: 'Error', description: 'Failed to sign out. Please try again.', variant: 'destructive' });
    expect(toasts()[0].variant).toBe('destructive');
    toast({ title: 'Hello' });
    expect(toasts()[0].variant).toBe('default');
  });

  it('a dismissed toast closes at once and leaves the store after 1,000,000 ms', () => {
    const t = toast({ title: 'Saved', duration: Infinity });
    t.dismiss();
    expect(toasts()).toEqual([expect.objectContaining({ id: t.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(toasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('closes by itself after its duration, then is removed after the remove delay', () => {
    toast({ title: 'Saved' });
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION - 1);
    expect(toasts()[0].open).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toasts()[0].open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    expect(toasts()).toHaveLength(0);
  });

  it('dismissToast() without an id closes every toast', () => {
    toast({ title: 'One', duration: Infinity });
    dismissToast();
    expect(toasts().every((t) => !t.open)).toBe(true);
  });

  it('a replaced toast does not remove its successor later', () => {
    const a = toast({ title: 'A', duration: Infinity });
    a.dismiss();
    const b = toast({ title: 'B', duration: Infinity });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY * 2);
    expect(toasts()).toEqual([expect.objectContaining({ id: b.id, open: true })]);
  });
});

describe('second toast system (notify)', () => {
  it('uses the spec constants', () => {
    expect(NOTIFY_VISIBLE).toBe(3);
    expect(NOTIFY_DEFAULT_DURATION).toBe(4000);
  });

  it('shows newest first with a type per helper', () => {
    notify('Plain');
    notify.success('Saved');
    notify.error('Could not save');
    notify.info('Syncing');
    expect(notes().map((n) => [n.message, n.type])).toEqual([
      ['Syncing', 'info'],
      ['Could not save', 'error'],
      ['Saved', 'success'],
      ['Plain', 'default'],
    ]);
  });

  it('dismisses after 4000 ms by default; only the 3 visible count down', () => {
    for (let i = 1; i <= 5; i++) notify(`n${i}`);
    // n5, n4, n3 are visible; n2 and n1 wait.
    vi.advanceTimersByTime(3999);
    expect(notes()).toHaveLength(5);
    vi.advanceTimersByTime(1);
    expect(notes().map((n) => n.message)).toEqual(['n2', 'n1']);
    vi.advanceTimersByTime(4000);
    expect(notes()).toHaveLength(0);
  });

  it('keeps its own duration and an explicit id replaces the earlier one', () => {
    notify('Uploading', { id: 'up', duration: Infinity });
    notify.success('Uploaded', { id: 'up', duration: 1000 });
    expect(notes()).toEqual([expect.objectContaining({ id: 'up', message: 'Uploaded', type: 'success' })]);
    vi.advanceTimersByTime(1000);
    expect(notes()).toHaveLength(0);
  });

  it('pauses while the region is hovered or focused, then resumes with the time left', () => {
    notify('Hello');
    vi.advanceTimersByTime(3000);
    setNotifyPaused(true);
    vi.advanceTimersByTime(10_000);
    expect(notes()).toHaveLength(1);
    setNotifyPaused(false);
    vi.advanceTimersByTime(999);
    expect(notes()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(notes()).toHaveLength(0);
  });

  it('notify.dismiss(id) removes one; without an id all', () => {
    const a = notify('a', { duration: Infinity });
    notify('b', { duration: Infinity });
    notify.dismiss(a);
    expect(notes().map((n) => n.message)).toEqual(['b']);
    notify.dismiss();
    expect(notes()).toHaveLength(0);
  });
});
