import type { Product } from '../types';
import { ProductCard, type CardHeading } from './product-card';

/** Phones: two fluid columns (three on wider phones); from tablets up: 224px cards, as many as fit. */
export function ProductGrid({ products, cardHeading }: { products: readonly Product[]; cardHeading?: CardHeading }) {
  return (
    <ul className="mt-6 grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-[repeat(auto-fill,14rem)] md:justify-start md:gap-4">
      {products.map((product) => (
        <li key={product._id} className="min-w-0">
          <ProductCard product={product} heading={cardHeading} />
        </li>
      ))}
    </ul>
  );
}
