import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Logo } from '@/components/ui/logo';

/** Shown when a page fails to render or load: a plain page that needs nothing else to work. */
export function ErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);

  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <a href="/" aria-label="GreenCart home">
        <Logo />
      </a>
      <h1 className="mt-10 text-2xl font-medium text-gray-800">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-3 max-w-md text-gray-500">
        {notFound
          ? 'The page you are looking for does not exist or has moved.'
          : 'This page could not be shown. Please try again; if it keeps happening, come back in a few minutes.'}
      </p>
      <div className="mt-8 flex gap-4">
        {/* A full page load, so the shop starts afresh. */}
        <a href="/" className="rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
          Back to the shop
        </a>
        {!notFound && (
          <button type="button" onClick={() => window.location.reload()} className="rounded border border-gray-300 px-6 py-2.5 font-medium hover:bg-gray-50">
            Reload
          </button>
        )}
      </div>
    </div>
  );
}
