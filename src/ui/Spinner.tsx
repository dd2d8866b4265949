interface SpinnerProps {
  /** Text for the status; shown next to the spinner unless `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
  /** Fill the page area (used for lazy pages and guards). */
  page?: boolean;
}

export function Spinner({ label = 'Loading...', hideLabel = false, page = false }: SpinnerProps) {
  return (
    <div className={page ? 'spinner-wrap spinner-wrap--page' : 'spinner-wrap'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className={hideLabel ? 'sr-only' : 'spinner-label'}>{label}</span>
    </div>
  );
}
