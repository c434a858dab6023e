/** Above search results: what was searched, and how the shop understood it when that differs ("tamatar" → "tomato"). */
export function SearchNotice({ typed, corrected }: { typed: string; corrected?: string }) {
  if (!corrected) {
    return (
      <p className="mt-4 text-gray-600">
        Results for “<span className="font-medium text-gray-800">{typed}</span>”
      </p>
    );
  }
  return (
    <p className="mt-4 text-gray-600" role="status">
      Showing results for ‘<span className="font-medium text-gray-800">{corrected}</span>’ <span className="text-sm">(you typed ‘{typed}’)</span>
    </p>
  );
}
