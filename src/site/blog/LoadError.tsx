import { blogErrorText } from './format';

/** A failed load: what went wrong (offline, or the server's message) and a way to try again. */
export function LoadError({ error, onRetry, describe = blogErrorText }: { error: unknown; onRetry: () => void; describe?: (err: unknown) => string }) {
  return (
    <div className="blog-state card" role="alert">
      <p>{describe(error)}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
