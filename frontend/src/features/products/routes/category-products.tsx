import { categoriesContaining } from '@greencart/domain';
import { useParams } from 'react-router-dom';
import { NotFoundPage } from '@/components/layout/not-found-page';
import { useInfiniteProducts } from '../api/get-products';
import { findCategory } from '../categories';
import { PagedProductGrid } from '../components/product-list-state';
import { SectionHeading } from '../components/section-heading';

/** /products/:category — products whose category contains the value (case-insensitive, on the server); no category matches: not found. */
export function CategoryProductsRoute() {
  const { category = '' } = useParams();
  if (categoriesContaining(category).length === 0) return <NotFoundPage />;
  return <CategoryProducts category={category} />;
}

function CategoryProducts({ category }: { category: string }) {
  const known = findCategory(category);
  const heading = known?.text ?? category;
  const query = useInfiniteProducts({ category });

  return (
    <section className="mt-8 md:mt-16">
      <title>{`${heading} · GreenCart`}</title>
      <SectionHeading as="h1">{heading}</SectionHeading>
      <PagedProductGrid query={query} empty={`Sorry, no items found for "${heading}"`} />
    </section>
  );
}
