import { ErrorNotice } from '@/components/ui/error-notice';
import { BEST_SELLERS_FILTERS, useProducts } from '../api/get-products';
import { ProductGrid, ProductGridSkeleton } from './product-grid';
import { SectionHeading } from './section-heading';

export function BestSellers() {
  const query = useProducts(BEST_SELLERS_FILTERS);

  return (
    <section id="best-sellers" className="mt-4 scroll-mt-24 md:mt-16" aria-labelledby="best-sellers-heading">
      <SectionHeading>
        <span id="best-sellers-heading">Best Sellers</span>
      </SectionHeading>
      {query.isPending && <ProductGridSkeleton count={BEST_SELLERS_FILTERS.limit} label="Loading best sellers…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (query.data.products.length ? <ProductGrid products={query.data.products} /> : <p className="mt-6 text-gray-600">New products are on their way.</p>)}
    </section>
  );
}
