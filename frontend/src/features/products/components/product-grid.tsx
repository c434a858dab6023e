import { useCart } from '@/features/cart';
import type { Product } from '../types';
import { ProductCard, ProductCardSkeleton, type CardHeading } from './product-card';

/** Phones: two fluid columns (three on wider phones); from tablets up: 224px cards, as many as fit. */
const GRID = 'mt-3 md:mt-6 grid grid-cols-2 gap-3 min-[480px]:grid-cols-3 md:grid-cols-[repeat(auto-fill,14rem)] md:justify-start md:gap-4';

/** Cards on a phone's first screen (two rows of two): their pictures load at once, the rest when scrolled near. */
const FIRST_SCREEN_CARDS = 4;

export function ProductGrid({ products, cardHeading }: { products: readonly Product[]; cardHeading?: CardHeading }) {
  const cart = useCart();
  return (
    <ul className={GRID}>
      {products.map((product, index) => (
        <li key={product._id} className="min-w-0">
          <ProductCard product={product} cart={cart} heading={cardHeading} onFirstScreen={index < FIRST_SCREEN_CARDS} />
        </li>
      ))}
    </ul>
  );
}

/** The grid's place while its products load: `count` grey cards of the real cards' size, so nothing moves when they arrive. */
export function ProductGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="min-w-0">
            <ProductCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
