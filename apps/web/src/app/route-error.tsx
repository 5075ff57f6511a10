import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Catches a page that cannot render (typically a chunk that vanished after a new release) and
 * offers a reload instead of a blank screen. `resetKey` (the path) clears it on navigation.
 */
export class RouteErrorBoundary extends Component<
  { resetKey: string; children: ReactNode },
  State
> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="grid min-h-[60vh] place-items-center px-6 py-20">
        <div className="max-w-lg text-center">
          <p className="font-display text-7xl font-extrabold text-accent-strong">Oops.</p>
          <h1 className="mt-4 text-3xl font-bold">Something went wrong on our side.</h1>
          <p className="mt-3 text-muted">{this.state.error.message}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="h-11 cursor-pointer rounded-full bg-accent px-6 font-semibold text-ink"
            >
              Reload the page
            </button>
            <a
              href="/"
              className="inline-flex h-11 items-center rounded-full border-2 border-ink px-6 font-semibold"
            >
              Go home
            </a>
          </div>
        </div>
      </div>
    );
  }
}
