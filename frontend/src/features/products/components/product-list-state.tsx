import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { ErrorNotice } from '@/components/ui/error-notice';
import { PAGE_SIZE } from '../api/get-products';
import type { ProductPage } from '../types';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

/** A paginated product grid with loading, error, empty and "Load more" states; it sits right under its page's h1. */
export function PagedProductGrid({ query, empty }: { query: UseInfiniteQueryResult<InfiniteData<ProductPage>>; empty: React.ReactNode }) {
  if (query.isPending) {
    return (
      <>
        {/* The "Showing … products" line's height. */}
        <div className="mt-2 h-5" aria-hidden="true" />
        <ProductGridSkeleton count={PAGE_SIZE} label="Loading products…" />
      </>
    );
  }
  if (query.isError) return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;

  const products = query.data.pages.flatMap((page) => page.products);
  const total = query.data.pages[0]?.total ?? 0;
  if (products.length === 0) return <div className="py-16 text-center text-lg text-gray-600">{empty}</div>;

  return (
    <div aria-busy={query.isFetching}>
      <p className="mt-2 text-sm text-gray-600" aria-live="polite">
        Showing {products.length} of {total} {total === 1 ? 'product' : 'products'}
      </p>
      <ProductGrid products={products} cardHeading="h2" />
      {query.hasNextPage && (
        <div className="mt-10 flex justify-center">
          <button
            type="button"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
            className="min-h-11 rounded-md border border-primary px-8 py-2.5 font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-60"
          >
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}
