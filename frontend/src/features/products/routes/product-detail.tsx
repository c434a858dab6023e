import { FEW_LEFT, formatRupees, nameWithSize, taxNote, toPaise, type TaxMode } from '@greencart/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Rating } from '@/components/ui/rating';
import { AddToCartControl, useCart } from '@/features/cart';
import { useDeliveryCheck, useStoredPincode } from '@/features/delivery';
import { useShopTax } from '@/features/shop';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { useOnline } from '@/lib/online';
import { isBuyable, packSizesOf, sizeCartKey } from '@/lib/pack-sizes';
import { thumbnailOf } from '@/lib/product-urls';
import { useProduct } from '../api/get-product';
import { categoryLink, categoryText, findCategory } from '../categories';
import { RelatedProducts } from '../components/related-products';
import { SizeChips, unitPriceOf, useChosenSize } from '../components/size-chips';
import type { Product } from '../types';

/** /products/:category/:id */
export function ProductDetailRoute() {
  const { id = '' } = useParams();
  // A product the start-up already failed to get is not asked for again (no second 404); the error's own button retries.
  const query = useProduct(id, { retryOnMount: false });
  // Asked beside the product, not after it: the price's tax words depend on it.
  const { taxMode } = useShopTax();

  if (query.isPending) return <ProductDetailSkeleton />;
  if (query.isError) {
    const status = query.error instanceof ApiError ? query.error.status : 0;
    if (status === 404 || status === 400) return <ProductNotFound />;
    return <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <ProductDetail key={query.data._id} product={query.data} taxMode={taxMode} />;
}

/** The page's layout in grey while the product loads (one picture, a discount, a short description: the usual product), so nothing moves when it arrives. */
function ProductDetailSkeleton() {
  const bar = 'h-3/4 rounded bg-gray-100';
  return (
    // At least a screen tall, like the page it stands for: the footer stays below the fold.
    <div className="mt-6 min-h-screen md:mt-12" role="status">
      <span className="sr-only">Loading product…</span>
      <div aria-hidden="true">
        <div className="flex h-11 items-center">
          <div className="h-4 w-64 rounded bg-gray-100" />
        </div>
        <div className="mt-4 flex flex-col gap-8 md:flex-row md:gap-16">
          <div className="flex gap-3">
            <div className="aspect-square w-full max-w-96 rounded border border-gray-300 bg-gray-100 sm:h-96 sm:w-96" />
          </div>
          <div className="w-full md:w-1/2">
            {[
              ['h-8 md:h-9', 'w-3/5'],
              ['mt-1 h-5', 'w-28'],
              ['mt-6 h-5', 'w-24'],
              ['h-8', 'w-40'],
              ['h-5', 'w-52'],
              ['mt-6 h-6', 'w-32'],
              ['h-5', 'w-4/5'],
              ['h-5', 'w-3/4'],
              ['h-5', 'w-4/5'],
              ['h-5', 'w-2/3'],
            ].map(([line, width], index) => (
              <div key={index} className={`flex items-center ${line}`}>
                <div className={`${bar} ${width}`} />
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The price's tax words on the product page: "+2% tax at checkout" (`flat`), "incl. GST" (`gst`), none where no tax is charged. */
function productTaxNote(mode: TaxMode): string {
  return mode === 'flat' ? `${taxNote(mode)} at checkout` : taxNote(mode);
}

function ProductNotFound() {
  return (
    <section className="mx-auto mt-24 max-w-md text-center">
      <title>Product not found · GreenCart</title>
      <h1 className="text-2xl font-medium text-gray-800">Product not found</h1>
      <p className="mt-3 text-gray-600">This product does not exist or is no longer sold. Have a look at the rest of the shop.</p>
      <Link to="/products" className="mt-6 inline-flex min-h-11 items-center rounded bg-primary px-8 font-medium text-white hover:bg-primary-dull">
        Browse all products
      </Link>
    </section>
  );
}

function ProductDetail({ product, taxMode }: { product: Product; taxMode: TaxMode }) {
  const cart = useCart();
  const navigate = useNavigate();
  const [selected, setSelected] = useState(0);
  // The chosen pack size's price, stock and cart line are the page's (a single-size product: its one size).
  const [size, choose] = useChosenSize(product);
  const severalSizes = packSizesOf(product).length > 1;
  const buyable = isBuyable(product);
  const itemKey = sizeCartKey(product, size._id);
  const inCart = cart.quantityOf(itemKey);
  const lineName = severalSizes ? nameWithSize(product.name, size.label) : product.name;
  const unitPrice = unitPriceOf(size);
  const category = findCategory(product.category);
  const images = product.image;
  const delivery = useDeliveryCheck(useStoredPincode()).data;
  const online = useOnline();
  const tax = productTaxNote(taxMode);
  // Free only when the shop said so for this pincode; offline or without a pincode, no promise.
  const deliveryNote =
    delivery?.serviceable && delivery.fee
      ? `${formatRupees(toPaise(delivery.fee))} delivery${delivery.freeDeliveryAbove !== undefined ? ` (free from ${formatRupees(toPaise(delivery.freeDeliveryAbove))})` : ''}`
      : delivery?.serviceable
        ? 'free delivery'
        : !online
          ? 'delivery fee checked when you’re back online'
          : 'delivery fee at checkout';

  return (
    <div className="mt-6 md:mt-12">
      <title>{`${product.name} · GreenCart`}</title>
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-gray-600">
          <li>
            <Link to="/" className="inline-flex min-h-11 items-center hover:text-primary">
              Home
            </Link>{' '}
            /
          </li>
          <li>
            <Link to="/products" className="inline-flex min-h-11 items-center hover:text-primary">
              Products
            </Link>{' '}
            /
          </li>
          <li>
            <Link to={categoryLink({ path: product.category })} className="inline-flex min-h-11 items-center hover:text-primary">
              {categoryText(product.category)}
            </Link>{' '}
            /
          </li>
          <li aria-current="page" className="text-primary">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-4 flex flex-col gap-8 md:flex-row md:gap-16">
        <div className="flex gap-3">
          {images.length > 1 && (
            <div className="flex shrink-0 flex-col gap-3" role="group" aria-label="Product pictures">
              {images.map((image, index) => (
                <button
                  key={image}
                  type="button"
                  onClick={() => setSelected(index)}
                  aria-label={`Show picture ${index + 1} of ${images.length}`}
                  aria-pressed={index === selected}
                  className={`h-16 w-16 overflow-hidden rounded border bg-white sm:h-24 sm:w-24 ${index === selected ? 'border-primary' : 'border-gray-300'}`}
                >
                  <ProductImage src={thumbnailOf(image)} alt="" className="h-full w-full" />
                </button>
              ))}
            </div>
          )}
          <div className="flex aspect-square w-full max-w-96 items-center justify-center overflow-hidden rounded border border-gray-300 bg-white sm:h-96 sm:w-96">
            <ProductImage src={images[selected]} alt={product.name} className="h-full w-full" priority />
          </div>
        </div>

        <div className="w-full text-sm md:w-1/2">
          <h1 className="text-2xl font-medium text-gray-800 md:text-3xl">{product.name}</h1>
          <div className="mt-1">
            <Rating size="md" />
          </div>

          {severalSizes && (
            <div className="mt-6">
              <p className="mb-2 text-base font-medium text-gray-800" aria-hidden="true">
                Pack size
              </p>
              <SizeChips product={product} chosen={size} onChoose={choose} large />
            </div>
          )}

          <div className="mt-6">
            {size.price > size.offerPrice && (
              <p className="text-gray-600">
                MRP: <s>{formatPrice(size.price)}</s>
              </p>
            )}
            <p className="text-2xl font-medium">
              Price: {formatPrice(size.offerPrice)}
              {severalSizes && <span className="text-base font-normal text-gray-600"> for {size.label}</span>}
            </p>
            {unitPrice && (
              <p className="text-gray-600" data-testid="unit-price">
                {unitPrice}
              </p>
            )}
            {/* Honest about the bill: what the shop's tax mode does to the price (spec/PRODUCT.md §2), and the area's delivery fee. */}
            <p className="text-gray-600" data-testid="tax-note">
              {tax ? `${tax} · ` : ''}
              {deliveryNote}
            </p>
            {size.stock !== null && size.stock > 0 && size.stock <= FEW_LEFT && (
              <p className="mt-2 font-medium text-amber-800" data-testid="few-left">
                Only {size.stock} left
              </p>
            )}
          </div>

          <h2 className="mt-6 text-base font-medium">About Product</h2>
          {product.description.length > 0 ? (
            <ul className="ml-4 list-disc text-gray-600">
              {product.description.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="text-gray-500">No description yet.</p>
          )}

          {!severalSizes && (
            <p className="mt-4 text-gray-600">
              <span className="font-medium text-gray-800">Weight:</span> {product.weight?.trim() || 'N/A'}
            </p>
          )}
          {category && (
            <p className="mt-1 text-gray-600">
              <span className="font-medium text-gray-800">Category:</span> {category.text}
            </p>
          )}

          {buyable && size.inStock ? (
            // Phones: a bar stuck to the bottom of the screen, within a thumb's reach; wider screens: under the details.
            <div
              data-testid="product-actions"
              className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 text-base shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur md:static md:mt-10 md:gap-4 md:border-0 md:bg-transparent md:p-0 md:shadow-none md:backdrop-blur-none"
            >
              <p className="shrink-0 font-semibold text-gray-800 md:hidden" aria-hidden="true">
                {formatPrice(size.offerPrice)}
              </p>
              {inCart > 0 ? (
                // In the cart: the same stepper as the cards, to add or take away one at a time.
                <div className="w-full [&>div]:h-12 [&>div]:w-full">
                  <AddToCartControl cart={cart} itemKey={itemKey} productName={lineName} left={size.stock} />
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => cart.add(itemKey)}
                  className="min-h-12 w-full rounded bg-gray-100 px-2 font-medium text-gray-800 transition hover:bg-gray-200 disabled:opacity-60"
                >
                  Add to cart
                </button>
              )}
              <button
                type="button"
                onClick={() => {
                  if (inCart === 0) cart.add(itemKey);
                  navigate('/cart');
                }}
                className="min-h-12 w-full rounded bg-primary px-2 font-medium text-white transition hover:bg-primary-dull"
              >
                {inCart > 0 ? 'Go to cart' : 'Buy now'}
              </button>
            </div>
          ) : (
            <p className="mt-10 rounded bg-gray-100 px-4 py-3 text-base font-medium text-gray-600">
              {buyable ? `${size.label} is sold out — choose another size.` : `${size.stock === 0 ? 'Sold out' : 'Out of stock'} — check back soon.`}
            </p>
          )}
          {inCart > 0 && (
            <p className="mt-3 text-gray-600">
              In your cart{severalSizes ? ` (${size.label})` : ''}: {inCart} ·{' '}
              <Link to="/cart" className="text-primary underline-offset-2 hover:underline">
                View cart
              </Link>
            </p>
          )}
        </div>
      </div>

      <RelatedProducts product={product} />
      {/* Room for the phone's bottom bar, so it never covers the end of the page. */}
      {buyable && size.inStock && <div className="h-20 md:hidden" aria-hidden="true" />}
    </div>
  );
}
