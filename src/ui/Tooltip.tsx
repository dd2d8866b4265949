import { cloneElement, useEffect, useId, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import './tooltip.css';

/** §9: a tooltip opens 700 ms after the pointer rests on its trigger… */
export const TOOLTIP_DELAY_MS = 700;
/** …but at once when another tooltip closed less than 300 ms ago (moving along a toolbar). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Shared by every tooltip on the page: when the last one closed, and whether one is open. */
const shared = { openCount: 0, lastClosedAt: Number.NEGATIVE_INFINITY };

/** The delay before opening now: 0 while another is open or within the skip window. */
export function tooltipOpenDelay(now: number, state: { openCount: number; lastClosedAt: number } = shared): number {
  return state.openCount > 0 || now - state.lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
};

export interface TooltipProps {
  /** The tooltip text. It describes the trigger (aria-describedby); label icon buttons separately. */
  content: string;
  /** One focusable element (a button or link). */
  children: ReactElement<TriggerProps>;
  side?: 'top' | 'bottom';
  /** `end`: the tooltip's right edge lines up with the trigger's (triggers at the page's right edge). */
  align?: 'center' | 'end';
}

/**
 * An accessible tooltip: opens on hover after the delay and at once on keyboard focus, closes on
 * leave, blur and Escape; the text is announced as the trigger's description.
 */
export function Tooltip({ content, children, side = 'bottom', align = 'center' }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isOpen = useRef(false);

  const show = (immediately: boolean) => {
    clearTimeout(timer.current);
    const delay = immediately ? 0 : tooltipOpenDelay(Date.now());
    const doOpen = () => {
      if (isOpen.current) return;
      isOpen.current = true;
      shared.openCount++;
      setOpen(true);
    };
    if (delay === 0) doOpen();
    else timer.current = setTimeout(doOpen, delay);
  };

  const hide = () => {
    clearTimeout(timer.current);
    if (!isOpen.current) return;
    isOpen.current = false;
    shared.openCount = Math.max(0, shared.openCount - 1);
    shared.lastClosedAt = Date.now();
    setOpen(false);
  };
  const hideRef = useRef(hide);
  hideRef.current = hide;

  // Escape closes it wherever focus is; unmounting closes it too.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hideRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  useEffect(() => () => hideRef.current(), []);

  const p = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': [p['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ') || undefined,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      p.onPointerEnter?.(e);
      if (e.pointerType !== 'touch') show(false);
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      p.onPointerLeave?.(e);
      hide();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      p.onFocus?.(e);
      // Keyboard focus only: a mouse click focuses too, and hover already handles that case.
      if (e.currentTarget.matches(':focus-visible')) show(true);
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      p.onBlur?.(e);
      hide();
    },
  });

  return (
    <span className="tooltip-anchor">
      {trigger}
      {open && (
        <span role="tooltip" id={id} className="tooltip" data-side={side} data-align={align}>
          {content}
        </span>
      )}
    </span>
  );
}
