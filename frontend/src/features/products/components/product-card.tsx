import { FEW_LEFT, nameWithSize } from '@greencart/domain';
import { Link } from 'react-router-dom';
import { ProductImage } from '@/components/ui/product-image';
import { Rating } from '@/components/ui/rating';
import { AddToCartControl, type Cart } from '@/features/cart';
import { formatPrice } from '@/lib/format';
import { packSizesOf, sizeCartKey } from '@/lib/pack-sizes';
import { productPath, thumbnailUrl } from '@/lib/product-urls';
import { categoryText } from '../categories';
import type { Product } from '../types';
import { SizeChips, unitPriceOf, useChosenSize } from './size-chips';

/** The level of a card's name: h3 under a section's h2 (the default), h2 in a grid right under the page's h1. */
export type CardHeading = 'h2' | 'h3';

/** A product card: fluid in the phone grid, 224px from tablets up; the whole card opens the product, the cart controls (of the grid's `cart`) sit above that link. */
export function ProductCard({
  product,
  cart,
  heading: Heading = 'h3',
  onFirstScreen = false,
}: {
  product: Product;
  cart: Cart;
  heading?: CardHeading;
  /** Its picture is loaded at once rather than when scrolled near. */
  onFirstScreen?: boolean;
}) {
  // The chosen pack size's price, stock and cart line are the card's (a single-size product: its one size).
  const [size, choose] = useChosenSize(product);
  const severalSizes = packSizesOf(product).length > 1;
  const unitPrice = unitPriceOf(size);
  return (
    <article
      data-testid="product-card"
      className="group relative flex h-full w-full flex-col rounded-lg border border-gray-200 bg-white p-2.5 transition focus-within:border-primary/50 hover:border-primary/50 hover:shadow-md sm:p-3 md:w-56"
    >
      <div className="flex h-28 items-center justify-center sm:h-36">
        <ProductImage src={thumbnailUrl(product)} alt={product.name} eager={onFirstScreen} className="h-28 w-full transition group-hover:scale-105 sm:h-36" />
      </div>
      <p className="mt-2 truncate text-xs text-gray-600 sm:mt-3 sm:text-sm">
        <span>{categoryText(product.category)}</span>
        {!severalSizes && product.weight?.trim() && (
          <>
            {' · '}
            <span data-testid="pack-size" className="font-medium text-gray-700">
              {product.weight.trim()}
            </span>
          </>
        )}
      </p>
      <Heading className="truncate text-base font-medium text-gray-800 sm:text-lg">
        {/* The stretched link makes the whole card clickable and keyboard reachable. */}
        <Link to={productPath(product)} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none" title={product.name}>
          {product.name}
        </Link>
      </Heading>
      <Rating />
      {severalSizes && (
        <div className="mt-1.5">
          <SizeChips product={product} chosen={size} onChoose={choose} />
        </div>
      )}
      {size.stock !== null && size.stock > 0 && size.stock <= FEW_LEFT && (
        <p className="text-xs font-medium text-amber-800" data-testid="few-left">
          Only {size.stock} left
        </p>
      )}
      <div className="mt-auto flex flex-col gap-2 pt-2 min-[360px]:flex-row min-[360px]:flex-wrap min-[360px]:items-end min-[360px]:justify-between">
        <p className="text-base font-semibold text-primary md:text-lg">
          <span className="sr-only">Price </span>
          {formatPrice(size.offerPrice)}{' '}
          {size.price > size.offerPrice && (
            <>
              <span className="sr-only">instead of </span>
              <s className="text-xs font-normal text-gray-600 md:text-sm">{formatPrice(size.price)}</s>
            </>
          )}
          {unitPrice && (
            <span className="block text-xs font-normal text-gray-600" data-testid="unit-price">
              {unitPrice}
            </span>
          )}
        </p>
        <div className="relative z-10">
          {size.inStock ? (
            <AddToCartControl
              cart={cart}
              itemKey={sizeCartKey(product, size._id)}
              productName={severalSizes ? nameWithSize(product.name, size.label) : product.name}
              left={size.stock}
            />
          ) : (
            <span className="inline-flex h-11 items-center rounded bg-gray-100 px-2 text-xs font-medium text-gray-600">
              {size.stock === 0 ? 'Sold out' : 'Out of stock'}
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

/** A grey stand-in of a card with the card's own box and line heights (its prices and 'Add' wrapped, as on phones and 224px cards), shown while the products load. */
export function ProductCardSkeleton() {
  return (
    <div className="flex h-full w-full flex-col rounded-lg border border-gray-200 bg-white p-2.5 sm:p-3 md:w-56">
      <div className="flex h-28 items-center justify-center sm:h-36">
        <div className="aspect-square h-full rounded bg-gray-100" />
      </div>
      <SkeletonLine className="mt-2 h-4 sm:mt-3 sm:h-5" width="w-1/2" />
      <SkeletonLine className="h-6 sm:h-7" width="w-4/5" />
      <SkeletonLine className="h-4" width="w-1/3" />
      <div className="mt-auto flex flex-col gap-2 pt-2">
        <SkeletonLine className="h-6 md:h-7" width="w-2/3" />
        <div className="h-11 w-20 rounded bg-gray-100" />
      </div>
    </div>
  );
}

/** One line of text's height with a grey bar in it. */
function SkeletonLine({ className, width }: { className: string; width: string }) {
  return (
    <div className={`flex items-center ${className}`}>
      <div className={`h-3/4 rounded bg-gray-100 ${width}`} />
    </div>
  );
}
