import { useSearchParams } from 'react-router-dom';
import { NoSearchResults, SearchNotice } from '@/features/search';
import { useInfiniteProducts } from '../api/get-products';
import { BestSellers } from '../components/best-sellers';
import { PagedProductGrid } from '../components/product-list-state';
import { SectionHeading } from '../components/section-heading';

/** /products: the whole catalogue, or the answers to ?search= best first (the header's search box waits for a pause in typing). */
export function ProductsRoute() {
  const [searchParams] = useSearchParams();
  const search = searchParams.get('search')?.trim() ?? '';
  const query = useInfiniteProducts({ search: search || undefined });
  const answer = search ? query.data?.pages[0] : undefined;

  return (
    <section className="mt-8 md:mt-16">
      <title>{search ? `“${search}” · GreenCart` : 'All products · GreenCart'}</title>
      <SectionHeading as="h1">ALL PRODUCTS</SectionHeading>
      {search && <SearchNotice typed={search} corrected={answer?.correctedQuery} dropped={answer?.droppedWords} />}
      <PagedProductGrid
        query={query}
        empty={
          search ? (
            <NoSearchResults query={search}>
              <BestSellers />
            </NoSearchResults>
          ) : (
            'No products are on sale yet.'
          )
        }
      />
    </section>
  );
}
