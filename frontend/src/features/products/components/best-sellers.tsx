import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useProducts } from '../api/get-products';
import { ProductGrid } from './product-grid';
import { SectionHeading } from './section-heading';

/** The first 5 in-stock products (spec §9). */
const BEST_SELLERS_FILTERS = { inStock: true, limit: 5 } as const;

export function BestSellers() {
  const query = useProducts(BEST_SELLERS_FILTERS);

  return (
    <section id="best-sellers" className="mt-10 scroll-mt-24 md:mt-16" aria-labelledby="best-sellers-heading">
      <SectionHeading>
        <span id="best-sellers-heading">Best Sellers</span>
      </SectionHeading>
      {query.isPending && <Spinner label="Loading best sellers…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess &&
        (query.data.products.length ? <ProductGrid products={query.data.products} /> : <p className="mt-6 text-gray-600">New products are on their way.</p>)}
    </section>
  );
}
