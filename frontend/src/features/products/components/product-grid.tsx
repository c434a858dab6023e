import type { Product } from '../types';
import { ProductCard } from './product-card';

export function ProductGrid({ products }: { products: readonly Product[] }) {
  return (
    <ul className="mt-6 grid grid-cols-[repeat(auto-fill,14rem)] justify-center gap-4 sm:justify-start">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
