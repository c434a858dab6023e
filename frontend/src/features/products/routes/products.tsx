import { useSearchParams } from 'react-router-dom';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useInfiniteProducts } from '../api/get-products';
import { PagedProductGrid } from '../components/product-list-state';
import { SectionHeading } from '../components/section-heading';

/** /products: the whole catalogue, filtered by ?search= (name contains, on the server). */
export function ProductsRoute() {
  const [searchParams] = useSearchParams();
  const search = useDebouncedValue(searchParams.get('search')?.trim() ?? '');
  const query = useInfiniteProducts({ search: search || undefined });

  return (
    <section className="mt-16">
      <SectionHeading as="h1">ALL PRODUCTS</SectionHeading>
      {search && (
        <p className="mt-4 text-gray-600">
          Results for “<span className="font-medium text-gray-800">{search}</span>”
        </p>
      )}
      <PagedProductGrid query={query} empty={search ? `Sorry, ${search} isn't available.` : 'No products are on sale yet.'} />
    </section>
  );
}
