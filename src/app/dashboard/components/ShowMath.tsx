/**
 * "Show the math": a button that discloses how a figure was computed (formula, inputs written
 * in, result, reason). A disclosure rather than a modal: Enter/Space toggle it (it is a button),
 * Escape closes it and returns focus to the button, a click elsewhere closes it. Inside a
 * MathGroup only one is open at a time.
 *
 * Two ways in: ShowMath (a self-contained button, for the few metric cards) and MathTrigger +
 * AnchoredMath (a plain button whose open state the caller holds, for the thousands of table
 * cells, which must not each carry hooks and listeners).
 */
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import type { Computed } from '../../../core/evm/computed';
import { mathView } from './mathView';
import type { FormatContext, ValueKind } from './valueFormat';

export interface MathGroupState {
  /** The open popover's key, or null. */
  openId: string | null;
  setOpenId: (id: string | null) => void;
}

const MathGroupContext = createContext<MathGroupState | null>(null);

/** Keeps at most one "show the math" popover open among its descendants. Nested groups defer to the outermost. */
export function MathGroup({ children }: { children: ReactNode }) {
  const outer = useContext(MathGroupContext);
  const [openId, setOpenId] = useState<string | null>(null);
  const value = useMemo(() => ({ openId, setOpenId }), [openId]);
  if (outer) return <>{children}</>;
  return <MathGroupContext.Provider value={value}>{children}</MathGroupContext.Provider>;
}

/** The enclosing group, if any. */
export function useMathGroup(): MathGroupState | null {
  return useContext(MathGroupContext);
}

/** "How is CPI computed?", "How is CPI for Civils computed?" */
export function mathQuestion(label: string, subject?: string): string {
  return `How is ${label}${subject ? ` ${subject}` : ''} computed?`;
}

export interface ShowMathProps {
  /** What is computed, as the user knows it: "CPI", "VAC%", "EAC". */
  label: string;
  computed: Computed;
  /** How the result is formatted. */
  kind: ValueKind;
  ctx: FormatContext;
  /** Where the figure belongs when that is not obvious, e.g. "for Civils". */
  subject?: string;
  /**
   * 'icon' (default): a small ⓘ button, named "How is CPI computed?".
   * 'value': the figure itself is the button, `children` being the figure.
   */
  variant?: 'icon' | 'value';
  children?: ReactNode;
  /** Extra text under the math, e.g. how a date was derived from the figure. */
  note?: string;
  /** Align the popover's right edge with the trigger's (for figures near the right edge). */
  alignEnd?: boolean;
}

export function ShowMath({ label, computed, kind, ctx, subject, variant = 'icon', children, note, alignEnd }: ShowMathProps) {
  const id = useId();
  const popId = `${id}-math`;
  const group = useMathGroup();
  const [local, setLocal] = useState(false);
  const open = group ? group.openId === id : local;
  const setOpen = (next: boolean) => {
    if (group) group.setOpenId(next ? id : group.openId === id ? null : group.openId);
    else setLocal(next);
  };
  const question = mathQuestion(label, subject);
  return (
    <span className="show-math">
      <MathTrigger variant={variant} open={open} popId={popId} question={question} nullReason={computed.value === null ? computed.reason : undefined} onClick={() => setOpen(!open)}>
        {children}
      </MathTrigger>
      {open ? <AnchoredMath id={popId} title={question} computed={computed} kind={kind} ctx={ctx} note={note} alignEnd={alignEnd} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}

interface MathTriggerProps {
  variant: 'icon' | 'value';
  open: boolean;
  popId: string;
  question: string;
  /** Shown on hover when the figure is n/a. */
  nullReason?: string;
  onClick: () => void;
  children?: ReactNode;
}

/** The button alone, with no state of its own: cheap enough for every cell of a big table. */
export function MathTrigger({ variant, open, popId, question, nullReason, onClick, children }: MathTriggerProps) {
  if (variant === 'value') {
    return (
      <button type="button" className="show-math__value" aria-expanded={open} aria-controls={open ? popId : undefined} title={nullReason} onClick={onClick}>
        {children}
        <span className="sr-only"> — {question}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className="show-math__icon"
      aria-expanded={open}
      aria-controls={open ? popId : undefined}
      aria-label={question}
      title="Show the math"
      onClick={onClick}
    >
      {/* Drawn, not the ⓘ character: not every system font has that glyph. */}
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <circle cx="8" cy="4.9" r="1" fill="currentColor" />
        <path d="M8 7.2v4.6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
    </button>
  );
}

interface AnchoredMathProps extends Omit<MathPopoverProps, 'innerRef' | 'style' | 'onClose'> {
  alignEnd?: boolean;
  onClose: () => void;
}

/** The trigger a popover belongs to: the button beside it in its `.show-math` wrapper. */
function anchorOf(pop: HTMLElement | null): HTMLButtonElement | null {
  const b = pop?.parentElement?.querySelector(':scope > button');
  return b instanceof HTMLButtonElement ? b : null;
}

/**
 * The popover of an open trigger. It must be rendered as the trigger's next sibling inside a
 * `.show-math` wrapper: the wrapper's button is its anchor. It is position: fixed and placed from
 * the button's box (below when it fits, else above, kept in the viewport), so a scrolling table
 * or a card's edge cannot clip it; it is measured before paint, so it never shows misplaced.
 * While open it closes on Escape (focus back to the button) and on a click outside.
 */
export function AnchoredMath({ alignEnd, onClose, ...rest }: AnchoredMathProps) {
  const popRef = useRef<HTMLSpanElement | null>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const update = () => {
      const b = anchorOf(popRef.current)?.getBoundingClientRect();
      const p = popRef.current?.getBoundingClientRect();
      if (!b || !p) return;
      const margin = 8;
      const gap = 6;
      const left = Math.min(Math.max(margin, alignEnd ? b.right - p.width : b.left), window.innerWidth - p.width - margin);
      const below = b.bottom + gap;
      const above = b.top - gap - p.height;
      const top = below + p.height > window.innerHeight - margin && above >= margin ? above : below;
      setPlace({ top, left: Math.max(margin, left) });
    };
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [alignEnd]);

  useEffect(() => {
    const wrapper = popRef.current?.parentElement ?? null;
    const onDown = (e: PointerEvent) => {
      if (wrapper && e.target instanceof Node && !wrapper.contains(e.target)) closeRef.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      const button = anchorOf(popRef.current);
      closeRef.current();
      button?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  return (
    <MathPopover
      {...rest}
      innerRef={popRef}
      style={place ? { top: place.top, left: place.left } : { visibility: 'hidden' }}
      onClose={() => {
        const button = anchorOf(popRef.current);
        onClose();
        button?.focus();
      }}
    />
  );
}

export interface MathPopoverProps {
  id: string;
  title: string;
  computed: Computed;
  kind: ValueKind;
  ctx: FormatContext;
  note?: string;
  onClose: () => void;
  innerRef?: Ref<HTMLSpanElement>;
  style?: CSSProperties;
}

/** The popover's content; exported for static rendering in tests and print views. */
export function MathPopover({ id, title, computed, kind, ctx, note, onClose, innerRef, style }: MathPopoverProps) {
  const m = mathView(computed, kind, ctx);
  return (
    <span ref={innerRef} id={id} className="math-popover" role="group" aria-label={title} style={style}>
      <span className="math-popover__title">{title}</span>
      <span className="math-popover__row">
        <span className="math-popover__term">Formula</span>
        <code>{m.formula}</code>
      </span>
      {m.inputs.length ? (
        <span className="math-popover__row">
          <span className="math-popover__term">Inputs</span>
          <span className="math-popover__inputs">
            {m.inputs.map((i) => (
              <span key={i.symbol} className="math-popover__input">
                <code>{i.symbol}</code> = {i.text}
              </span>
            ))}
          </span>
        </span>
      ) : null}
      {m.worked ? (
        <span className="math-popover__row">
          <span className="math-popover__term">Worked</span>
          <code>{m.worked}</code>
        </span>
      ) : null}
      <span className="math-popover__row">
        <span className="math-popover__term">Result</span>
        <span>
          <strong>{m.result}</strong>
          {m.precise ? <span className="math-popover__precise"> (more precisely {m.precise})</span> : null}
        </span>
      </span>
      {m.reason ? (
        <span className="math-popover__row">
          <span className="math-popover__term">{computed.value === null ? 'Why n/a' : 'Note'}</span>
          <span>{m.reason}</span>
        </span>
      ) : null}
      {note ? <span className="math-popover__note">{note}</span> : null}
      <button type="button" className="math-popover__close btn btn-ghost btn-sm" onClick={onClose}>
        Close
      </button>
    </span>
  );
}
