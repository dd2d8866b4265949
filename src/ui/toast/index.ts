/**
 * Toasts. `toast({ title, description?, variant? })` is the spec's first system (one toast at a
 * time); `notify(message)` / `notify.success|error|info` is the second (up to 3 visible).
 * Render them with `<Toasters />` from './Toasters' (mounted once, in SiteLayout).
 */
export {
  toast,
  dismissToast,
  clearToasts,
  notify,
  dismissNotify,
  clearNotify,
  setNotifyPaused,
  useToastStore,
  useNotifyStore,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  TOAST_DEFAULT_DURATION,
  NOTIFY_VISIBLE,
  NOTIFY_DEFAULT_DURATION,
  NOTIFY_GAP,
  NOTIFY_WIDTH,
  NOTIFY_HOTKEY_LABEL,
} from './store';
export type {
  ToastInput,
  ToastItem,
  ToastHandle,
  ToastVariant,
  Notify,
  NotifyItem,
  NotifyOptions,
  NotifyType,
} from './store';
