/**
 * What the app shows when a part of it fails to render, instead of a blank window: React unmounts
 * the whole tree on an uncaught render error, and a screen's code that was never downloaded (a
 * lazily loaded page opened offline before the service worker had stored it) fails that way.
 *
 * `PageErrorBoundary` wraps the page area: the header stays, the page says what happened and what
 * to do, and moving to another page tries again. `QuietBoundary` wraps the extras (toasts,
 * banners): if one of them cannot load, it is left out and the app goes on.
 */
import { Component, type ReactNode } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** What to show instead; receives the error. */
  fallback: (error: Error) => ReactNode;
  /** A change of this (the path) clears a caught error, so another page renders afresh. */
  resetKey?: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    // Only after an error: a working page is never remounted by moving within it.
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part of the page failed:', error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** A lazily loaded module that could not be fetched (Chromium, Firefox and Safari word it differently). */
export function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(error.message);
}

function PageError({ error }: { error: Error }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const chunk = isChunkLoadError(error);
  return (
    <div className="container page-error" role="alert">
      <h1>{chunk ? 'This screen could not be loaded' : 'Something went wrong on this screen'}</h1>
      <p>
        {chunk
          ? offline
            ? 'This screen has not been stored on this device for offline use yet. Connect to the internet and reload; after that it works offline.'
            : 'Part of Earnest could not be downloaded, perhaps because a new version was released. Reload the page to get it.'
          : 'Your projects on this device are not affected. Reload the page; if it happens again, tell us what you were doing through the contact page.'}
      </p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </p>
    </div>
  );
}

/** The page area's boundary; `resetKey` (the path) starts afresh on another page. */
export function PageErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <PageError error={error} />}>
      {children}
    </ErrorBoundary>
  );
}

export function QuietBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={() => null}>{children}</ErrorBoundary>;
}
