/** What the notice says of words the search left out: "no ‘amul’ in the shop". */
export function leftOutText(dropped: readonly string[] | undefined): string {
  if (!dropped?.length) return '';
  return `no ${dropped.map((word) => `‘${word}’`).join(' or ')} in the shop`;
}

/**
 * Above search results: what was searched, and how the shop understood it when that differs ("tamatar"
 * → "tomato"), with the words it left out (a brand it does not carry: "amul butter" → butter).
 */
export function SearchNotice({ typed, corrected, dropped }: { typed: string; corrected?: string; dropped?: readonly string[] }) {
  if (!corrected) {
    return (
      <p className="mt-4 text-gray-600">
        Results for “<span className="font-medium text-gray-800">{typed}</span>”
      </p>
    );
  }
  const leftOut = leftOutText(dropped);
  return (
    <p className="mt-4 text-gray-600" role="status">
      Showing results for ‘<span className="font-medium text-gray-800">{corrected}</span>’{' '}
      <span className="text-sm">
        (you typed ‘{typed}’{leftOut && `: ${leftOut}`})
      </span>
    </p>
  );
}
