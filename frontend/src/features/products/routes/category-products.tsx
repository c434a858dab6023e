import { useParams } from 'react-router-dom';
import { useInfiniteProducts } from '../api/get-products';
import { findCategory } from '../categories';
import { PagedProductGrid } from '../components/product-list-state';
import { SectionHeading } from '../components/section-heading';

/** /products/:category — products whose category contains the value (case-insensitive, on the server). */
export function CategoryProductsRoute() {
  const { category = '' } = useParams();
  const known = findCategory(category);
  const query = useInfiniteProducts({ category });

  return (
    <section className="mt-16">
      <SectionHeading as="h1">{known?.text ?? category}</SectionHeading>
      <PagedProductGrid query={query} empty={`Sorry, no items found for "${category}"`} />
    </section>
  );
}
