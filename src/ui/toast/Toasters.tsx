import { useEffect, useRef } from 'react';
import { CloseIcon } from '../Icons';
import {
  dismissNotify,
  dismissToast,
  notify,
  toast,
  NOTIFY_HOTKEY_LABEL,
  NOTIFY_VISIBLE,
  setNotifyPaused,
  useNotifyStore,
  useToastStore,
  type NotifyType,
} from './store';
import './toast.css';

/** The first system's viewport: at most one toast, Radix-style region (F8 focuses it). */
function ToastViewport() {
  const toasts = useToastStore((s) => s.toasts);
  const ref = useRef<HTMLOListElement>(null);
  const open = toasts.filter((t) => t.open);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8' && !event.altKey && !event.ctrlKey && !event.metaKey) ref.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div role="region" aria-label="Notifications (F8)" className="ui-toast-region">
      <ol ref={ref} tabIndex={-1} className="ui-toast-viewport">
        {open.map((t) => (
          <li key={t.id} className="ui-toast" data-variant={t.variant}>
            <div
              className="ui-toast-body"
              role={t.variant === 'destructive' ? 'alert' : 'status'}
              aria-live={t.variant === 'destructive' ? 'assertive' : 'polite'}
              aria-atomic="true"
            >
              <p className="ui-toast-title">{t.title}</p>
              {t.description && <p className="ui-toast-description">{t.description}</p>}
            </div>
            <button
              type="button"
              className="ui-toast-close"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(t.id)}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

const TYPE_LABEL: Record<NotifyType, string | null> = {
  default: null,
  success: 'Success',
  error: 'Error',
  info: 'Information',
};

/** The second system's region: up to 3 visible, hover or focus pauses, Alt+T focuses it. */
function NotifyRegion() {
  const items = useNotifyStore((s) => s.items);
  const ref = useRef<HTMLElement>(null);
  const visible = items.slice(0, NOTIFY_VISIBLE);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT') {
        event.preventDefault();
        ref.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // An emptied region cannot stay "paused" (the pointer may still be over where it was).
  useEffect(() => {
    if (items.length === 0) setNotifyPaused(false);
  }, [items.length]);

  return (
    <section
      ref={ref}
      aria-label={NOTIFY_HOTKEY_LABEL}
      tabIndex={-1}
      className="notify-region"
      onPointerEnter={() => setNotifyPaused(true)}
      onPointerLeave={() => {
        if (!ref.current?.contains(document.activeElement)) setNotifyPaused(false);
      }}
      onFocus={() => setNotifyPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setNotifyPaused(false);
      }}
    >
      <ol className="notify-list">
        {visible.map((item) => (
          <li key={item.id} className="notify" data-type={item.type}>
            <div className="notify-body" role={item.type === 'error' ? 'alert' : 'status'} aria-atomic="true">
              <p className="notify-message">
                {TYPE_LABEL[item.type] && <span className="sr-only">{TYPE_LABEL[item.type]}: </span>}
                {item.message}
              </p>
              {item.description && <p className="notify-description">{item.description}</p>}
            </div>
            <button
              type="button"
              className="ui-toast-close"
              aria-label="Dismiss notification"
              onClick={() => dismissNotify(item.id)}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Detail of the `earnest:toast` / `earnest:notify` window events (see {@link Toasters}). */
export interface ToastEventDetail {
  title?: string;
  message?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  type?: 'default' | 'success' | 'error' | 'info';
  duration?: number;
}

/**
 * Both toast viewports. Mount once (SiteLayout does).
 *
 * Code that does not share this module graph (the service-worker registration, scripts in tests)
 * can raise a toast with `window.dispatchEvent(new CustomEvent('earnest:toast', { detail }))` for
 * the first system, or `'earnest:notify'` for the second.
 */
export function Toasters() {
  useEffect(() => {
    const onToast = (event: Event) => {
      const d = (event as CustomEvent<ToastEventDetail>).detail ?? {};
      if (typeof d.title !== 'string') return;
      toast({ title: d.title, description: d.description, variant: d.variant, duration: d.duration });
    };
    const onNotify = (event: Event) => {
      const d = (event as CustomEvent<ToastEventDetail>).detail ?? {};
      if (typeof d.message !== 'string') return;
      const opts = { description: d.description, duration: d.duration };
      if (d.type === 'success' || d.type === 'error' || d.type === 'info') notify[d.type](d.message, opts);
      else notify(d.message, opts);
    };
    window.addEventListener('earnest:toast', onToast);
    window.addEventListener('earnest:notify', onNotify);
    return () => {
      window.removeEventListener('earnest:toast', onToast);
      window.removeEventListener('earnest:notify', onNotify);
    };
  }, []);

  return (
    <>
      <ToastViewport />
      <NotifyRegion />
    </>
  );
}

export default Toasters;
