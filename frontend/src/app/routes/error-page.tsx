import { Component, Suspense, type ReactNode } from 'react';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';

/** Shown when a page fails to render or load: a plain page that needs nothing else to work. */
export function ErrorPage() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <title>Something went wrong · GreenCart</title>
      <a href="/" aria-label="GreenCart home">
        <Logo />
      </a>
      <h1 className="mt-10 text-2xl font-medium text-gray-800">Something went wrong</h1>
      <p className="mt-3 max-w-md text-gray-600">This page could not be shown. Please try again in a few minutes.</p>
      <div className="mt-8 flex gap-4">
        {/* A full page load, so the shop starts afresh. */}
        <a href="/" className="inline-flex min-h-11 items-center rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
          Back to the shop
        </a>
        <button type="button" onClick={() => window.location.reload()} className="min-h-11 rounded border border-gray-300 px-6 font-medium hover:bg-gray-50">
          Reload
        </button>
      </div>
    </div>
  );
}

/** Catches a page that throws while rendering (or whose code cannot be downloaded); a new address tries again. */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    if (this.state.error) return <ErrorPage />;
    return <Suspense fallback={<Spinner />}>{this.props.children}</Suspense>;
  }
}
