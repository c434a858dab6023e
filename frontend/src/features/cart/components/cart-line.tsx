import { Link } from 'react-router-dom';
import { TrashIcon } from '@/components/ui/icons';
import { ProductImage } from '@/components/ui/product-image';
import { formatRupees } from '@/lib/format';
import { productPath, thumbnailUrl } from '@/lib/product-urls';
import { FEW_LEFT, nameWithSize } from '@greencart/domain';
import type { CartLine } from '../cart-summary';
import { useCart } from '../use-cart';
import { AddToCartControl } from './add-to-cart-control';

export function CartLineRow({ line }: { line: CartLine }) {
  const { key, product, size, quantity } = line;
  const cart = useCart();
  // A counted size: what a shopper can buy now (null: not counted).
  const left = typeof size.stock === 'number' ? size.stock : null;
  const oneSize = (product.variants?.length ?? 1) <= 1;
  // A product of one size shows it as its weight, below; one of several names the size with the product.
  const name = oneSize ? product.name : nameWithSize(product.name, size.label);
  const short = left !== null && left > 0 && quantity > left;

  return (
    <li
      className="grid grid-cols-[1fr_auto_auto] items-center gap-2 border-t border-gray-200 py-4 text-sm font-medium text-gray-600 md:grid-cols-[2fr_1fr_1fr] md:text-base"
      data-testid="cart-line"
    >
      <div className="flex items-center gap-3 md:gap-6">
        <Link
          to={productPath(product)}
          className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded border border-gray-300 md:h-24 md:w-24"
        >
          <ProductImage src={thumbnailUrl(product)} alt={name} className="h-full w-full" />
        </Link>
        <div>
          <Link to={productPath(product)} className="font-semibold text-gray-800 hover:text-primary">
            {name}
          </Link>
          <div className="mt-1 font-normal text-gray-600">
            {oneSize ? (
              <p>
                Weight: <span>{product.weight?.trim() || 'N/A'}</span>
              </p>
            ) : (
              <p>
                Pack size: <span data-testid="line-size">{size.label}</span>
              </p>
            )}
            {size.inStock && (
              // The same −/+ stepper as the cards and the product page ('−' at 1 takes the line out).
              <div className="mt-1 w-max">
                <AddToCartControl cart={cart} itemKey={key} productName={name} left={left} />
              </div>
            )}
            {!size.inStock ? (
              <p role="status" className="mt-1 flex flex-wrap items-center gap-2 text-sm font-medium text-red-700" data-testid="line-problem">
                {left === 0 ? 'Sold out' : 'Out of stock'} — not included in the total
                <button
                  type="button"
                  onClick={() => cart.removeLine(key)}
                  className="min-h-11 rounded border border-red-300 bg-white px-3 text-red-800 hover:bg-red-50"
                >
                  Remove
                </button>
              </p>
            ) : short ? (
              <p role="status" className="mt-1 flex flex-wrap items-center gap-2 text-sm font-medium text-amber-800" data-testid="line-problem">
                Only {left} left — you have {quantity}
                <button
                  type="button"
                  onClick={() => cart.setQuantity(key, left)}
                  className="min-h-11 rounded border border-amber-400 bg-white px-3 text-amber-900 hover:bg-amber-50"
                >
                  Change to {left}
                </button>
              </p>
            ) : (
              left !== null && left <= FEW_LEFT && <p className="mt-1 text-sm font-medium text-amber-800">Only {left} left</p>
            )}
          </div>
        </div>
      </div>
      <p className="text-right md:text-center">{formatRupees(line.subtotalPaise)}</p>
      <div className="flex justify-center">
        <button
          type="button"
          onClick={() => cart.removeLine(key)}
          aria-label={`Remove ${name} from cart`}
          className="flex h-11 w-11 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
        >
          <TrashIcon className="h-5 w-5" />
        </button>
      </div>
    </li>
  );
}
