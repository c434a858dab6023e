/** The "Load more" button under a paginated list. */
export function LoadMore({ hasNextPage, loading, onLoadMore }: { hasNextPage: boolean; loading: boolean; onLoadMore: () => void }) {
  if (!hasNextPage) return null;
  return (
    <div className="mt-10 flex justify-center">
      <button
        type="button"
        onClick={onLoadMore}
        disabled={loading}
        className="rounded-md border border-primary px-8 py-2.5 font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-60"
      >
        {loading ? 'Loading…' : 'Load more'}
      </button>
    </div>
  );
}
