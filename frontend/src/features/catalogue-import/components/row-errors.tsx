import { pluralize } from '@/lib/format';
import type { ImportRowError } from '../types';

/** More than this many are not drawn: the seller fixes the first ones and checks again. */
const SHOWN_ERRORS = 200;

/**
 * The wrong cells of a file, by line: a table on computers (Line, Column, Problem), a card per cell on
 * phones (the same table, its rows laid out as cards).
 */
export function RowErrors({ errors, caption }: { errors: readonly ImportRowError[]; caption: string }) {
  const sorted = [...errors].sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));
  const shown = sorted.slice(0, SHOWN_ERRORS);
  return (
    <div className="mt-3">
      <table className="w-full text-left text-sm max-md:block" data-testid="row-errors">
        <caption className="mb-2 text-left text-sm font-medium text-gray-800 max-md:block">{caption}</caption>
        <thead className="border-b border-gray-300 bg-gray-50 text-xs font-medium tracking-wide text-gray-600 uppercase max-md:hidden">
          <tr>
            <th scope="col" className="w-20 px-4 py-2">
              Line
            </th>
            <th scope="col" className="w-44 px-4 py-2">
              Column
            </th>
            <th scope="col" className="px-4 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody className="max-md:flex max-md:flex-col max-md:gap-2 md:divide-y md:divide-gray-200">
          {shown.map((error, index) => (
            <tr
              key={`${error.row}-${error.column}-${index}`}
              data-testid="row-error"
              className="text-gray-700 max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-md max-md:border max-md:border-red-200 max-md:bg-red-50/60 max-md:p-3"
            >
              <td className="align-top font-medium whitespace-nowrap text-gray-900 md:px-4 md:py-2">
                <span className="md:hidden">Line </span>
                {error.row}
              </td>
              <td className="align-top font-mono text-xs break-all text-gray-800 max-md:rounded max-md:bg-white max-md:px-1.5 max-md:py-0.5 md:px-4 md:py-2 md:text-sm">
                {error.column}
              </td>
              <td className="align-top max-md:w-full md:px-4 md:py-2">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {sorted.length > shown.length && (
        <p className="mt-2 text-sm text-gray-600">
          Showing the first {shown.length} of {pluralize(sorted.length, 'problem')}: fix these and check the file again to see the rest.
        </p>
      )}
    </div>
  );
}
