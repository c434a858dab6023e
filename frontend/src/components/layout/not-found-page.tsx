import { Link } from 'react-router-dom';

/** Any address the shop does not have, and a product or category that does not exist. */
export function NotFoundPage() {
  return (
    <section className="mx-auto mt-24 max-w-md text-center">
      <title>Page not found · GreenCart</title>
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-medium text-gray-800">Page not found</h1>
      <p className="mt-3 text-gray-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-6 inline-flex min-h-11 items-center rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
        Back to the shop
      </Link>
    </section>
  );
}
