import { Link } from 'react-router-dom';
import { useProducts } from '../api/get-products';
import type { Product } from '../types';
import { ProductGrid } from './product-grid';

const MAX_RELATED = 5;

/** Up to 5 in-stock products of the same category, excluding the one shown. */
export function RelatedProducts({ product }: { product: Product }) {
  // One extra in case the current product is among them.
  const query = useProducts({ category: product.category, inStock: true, limit: MAX_RELATED + 1 });
  const related = (query.data?.products ?? []).filter((candidate) => candidate._id !== product._id).slice(0, MAX_RELATED);

  return (
    <section className="mt-20 flex flex-col items-center" aria-labelledby="related-heading">
      <div className="flex flex-col items-center">
        <h2 id="related-heading" className="text-2xl font-medium md:text-3xl">
          Related Products
        </h2>
        <span className="mt-2 h-0.5 w-20 rounded-full bg-primary" aria-hidden="true" />
      </div>
      {query.isSuccess && related.length === 0 && <p className="mt-6 text-gray-600">No other products in this category right now.</p>}
      {related.length > 0 && (
        <div className="w-full">
          <ProductGrid products={related} />
        </div>
      )}
      <Link
        to="/products"
        className="mx-auto mt-12 inline-flex min-h-11 items-center rounded border border-primary px-12 text-primary transition hover:bg-primary/10"
      >
        See More
      </Link>
    </section>
  );
}
