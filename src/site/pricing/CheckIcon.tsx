import './checkIcon.css';

/** A small tick for feature lists (decorative: the list item's text says it all). */
export function CheckIcon() {
  return (
    <svg className="check-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M5 10.5l3.2 3.2L15 6.8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
