import { Link } from 'react-router-dom';

export function NotFoundRoute() {
  return (
    <section className="mx-auto mt-24 max-w-md text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-medium text-gray-800">Page not found</h1>
      <p className="mt-3 text-gray-500">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="mt-6 inline-block rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
        Back to the shop
      </Link>
    </section>
  );
}
