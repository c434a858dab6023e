import { Link } from 'react-router-dom';

/**
 * What a search that finds nothing shows: the spec's "Sorry, {query} isn't available.", a way to ask
 * the shop, and popular products (`children`) to carry on shopping.
 */
export function NoSearchResults({ query, children }: { query: string; children?: React.ReactNode }) {
  return (
    <div className="text-left">
      <div className="mx-auto max-w-xl rounded-xl border border-gray-200 bg-gray-50 px-5 py-8 text-center">
        <p className="text-lg text-gray-800">Sorry, {query} isn't available.</p>
        <p className="mt-2 text-sm text-gray-600">Check the spelling or try another name for it (Hindi names work too, like “pyaz” or “doodh”).</p>
        <p className="mt-4 text-base">
          Can’t find what you need?{' '}
          <Link to="/chat" className="font-medium text-primary-dull underline underline-offset-2 hover:text-primary">
            Ask the shop in chat
          </Link>
        </p>
      </div>
      {children}
    </div>
  );
}
