import { useSearchParams } from 'react-router-dom';
import { useInfiniteProducts } from '../api/get-products';
import { PagedProductGrid } from '../components/product-list-state';
import { SectionHeading } from '../components/section-heading';

/** /products: the whole catalogue, filtered by ?search= (name contains, on the server; the header's search box waits for a pause in typing). */
export function ProductsRoute() {
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() ?? '';
  const query = useInfiniteProducts({ search: search || undefined });

  return (
    <section className="mt-8 md:mt-16">
      <title>{search ? `“${search}” · GreenCart` : 'All products · GreenCart'}</title>
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
