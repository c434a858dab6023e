import { formatUnitPrice, type PackSize } from '@greencart/domain';
import { useId, useState } from 'react';
import { formatPrice } from '@/lib/format';
import { firstBuyableSize, packSizesOf } from '@/lib/pack-sizes';
import type { Product } from '../types';

/** The size a card or page shows and adds: the first in stock at first, then the shopper's choice (while it exists). */
export function useChosenSize(product: Product): [PackSize, (sizeId: string) => void] {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const sizes = packSizesOf(product);
  const chosen = sizes.find((size) => size._id === chosenId) ?? firstBuyableSize(product);
  return [chosen, setChosenId];
}

/** "₹44/kg" for a size that says how much it holds; undefined otherwise. */
export function unitPriceOf(size: PackSize): string | undefined {
  return size.size ? formatUnitPrice(size.offerPrice, size.size) : undefined;
}

/**
 * A product's pack sizes as chips (a radio group: arrow keys move between them), when it has two or more.
 * Each chip is at least 44 px square; they wrap to fit a phone's half-width card. A sold-out size is shown
 * struck through and can be chosen to see its price, but not added.
 */
export function SizeChips({
  product,
  chosen,
  onChoose,
  large = false,
}: {
  product: Product;
  chosen: PackSize;
  onChoose: (sizeId: string) => void;
  /** The product page's bigger chips, with each size's price. */
  large?: boolean;
}) {
  const name = useId();
  const sizes = packSizesOf(product);
  if (sizes.length < 2) return null;
  return (
    <fieldset className="relative z-10 min-w-0" data-testid="size-chips">
      <legend className="sr-only">Pack size of {product.name}</legend>
      <div className={`flex flex-wrap ${large ? 'gap-2' : 'gap-1'}`}>
        {sizes.map((size) => {
          const checked = size._id === chosen._id;
          return (
            <label
              key={size._id}
              className={`flex min-h-11 min-w-11 cursor-pointer flex-col items-center justify-center rounded border text-center leading-tight has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-primary ${
                large ? 'px-3 py-1 text-sm' : 'px-1.5 text-xs'
              } ${checked ? 'border-primary bg-primary/10 font-semibold' : 'border-gray-300 bg-white hover:border-primary/60'} ${
                size.inStock ? (checked ? 'text-primary-dull' : 'text-gray-700') : 'text-gray-500 line-through'
              }`}
            >
              <input type="radio" name={name} value={size._id} checked={checked} onChange={() => onChoose(size._id)} className="sr-only" />
              <span>{size.label}</span>
              {large && <span className="text-xs font-normal text-gray-600 no-underline">{formatPrice(size.offerPrice)}</span>}
              {!size.inStock && <span className="sr-only"> (sold out)</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
