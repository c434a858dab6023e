import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/ui/product-image';
import { Rating } from '@/components/ui/rating';
import { AddToCartControl } from '@/features/cart';
import { formatPrice } from '@/lib/format';
import { productPath, thumbnailUrl } from '@/lib/product-urls';
import type { Product } from '../types';

/** A 224px product card; the whole card opens the product, the cart controls sit above that link. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <article
      data-testid="product-card"
      className="group relative flex w-56 flex-col rounded-lg border border-gray-200 bg-white px-3 py-3 transition hover:border-primary/50 hover:shadow-md focus-within:border-primary/50"
    >
      <div className="flex h-36 items-center justify-center">
        <ProductImage src={thumbnailUrl(product)} alt={product.name} className="h-36 w-full transition group-hover:scale-105" />
      </div>
      <p className="mt-3 text-sm text-gray-500">{product.category}</p>
      <h3 className="truncate text-lg font-medium text-gray-800">
        {/* The stretched link makes the whole card clickable and keyboard reachable. */}
        <Link to={productPath(product)} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none" title={product.name}>
          {product.name}
        </Link>
      </h3>
      <Rating />
      <div className="mt-3 flex items-end justify-between gap-2">
        <p className="text-base font-semibold text-primary md:text-lg">
          <span className="sr-only">Price </span>
          {formatPrice(product.offerPrice)}{' '}
          {product.price > product.offerPrice && (
            <>
              <span className="sr-only">instead of </span>
              <s className="text-xs font-normal text-gray-400 md:text-sm">{formatPrice(product.price)}</s>
            </>
          )}
        </p>
        <div className="relative z-10">
          {product.inStock ? (
            <AddToCartControl productId={product._id} productName={product.name} />
          ) : (
            <span className="inline-flex h-8 items-center rounded bg-gray-100 px-2 text-xs font-medium text-gray-500">Out of stock</span>
          )}
        </div>
      </div>
    </article>
  );
}
