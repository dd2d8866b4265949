import { useEffect, useId, useRef, type ReactNode } from 'react';
import './confirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** More to say under the message (a list, a progress line). */
  children?: ReactNode;
  /** A third choice, between Cancel and the confirming button. */
  secondary?: { label: string; onClick: () => void; disabled?: boolean };
  /** The confirming button's style: a destructive red by default. */
  confirmClassName?: string;
  /** Disables only the confirming button (busy disables every button). */
  confirmDisabled?: boolean;
}

/**
 * A modal confirmation on the native <dialog>: the rest of the page is inert while it is open (so
 * focus stays inside), Escape cancels, and focus goes back to whatever opened it.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
  children,
  secondary,
  confirmClassName = 'btn-danger',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // The safe choice has the focus first.
      cancelRef.current?.focus();
      return () => {
        if (dialog.open) dialog.close();
        if (opener?.isConnected) opener.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-message`}
      onCancel={(e) => {
        // Escape: let React's state close it, so the focus goes back to the opener.
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-message`}>{message}</p>
      {children}
      <div className="button-row confirm-dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        {secondary ? (
          <button type="button" className="btn btn-outline" onClick={secondary.onClick} disabled={busy || secondary.disabled}>
            {secondary.label}
          </button>
        ) : null}
        <button type="button" className={`btn ${confirmClassName}`} onClick={onConfirm} disabled={busy || confirmDisabled}>
          {busy ? 'Please wait...' : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
