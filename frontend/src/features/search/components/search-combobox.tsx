import { useId, useLayoutEffect, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { nameWithSize, type PackSize, type ProductView } from '@greencart/domain';
import { ProductImage } from '@/components/ui/product-image';
import { SearchIcon } from '@/components/ui/nav-icons';
import { AddToCartControl, useCart } from '@/features/cart';
import { formatPrice } from '@/lib/format';
import { firstBuyableSize, packSizesOf, sizeCartKey } from '@/lib/pack-sizes';
import { pluralize } from '@/lib/pluralize';
import { productPath, thumbnailUrl } from '@/lib/product-urls';
import { useSuggestions } from '../api/get-suggestions';
import { SEARCH_FORM_CLASS, SEARCH_INPUT_CLASS } from './plain-search-box';
import { leftOutText } from './search-notice';
import { handover, useSearchText } from './search-text';

/** The cell of a suggestion row the keyboard is on: the product (opens it) or its cart control. */
type Cell = { row: number; column: 0 | 1 };

/**
 * The navbar's search box with suggestions as you type: up to six products with picture and price,
 * each addable to the cart from the list. The WAI-ARIA "combobox with grid popup" pattern: focus stays
 * in the box; ↓/↑ move through the rows, →/← between a product and its cart control, Enter opens the
 * product or adds it, Escape closes the list; Enter in the box (or the search button) opens all results.
 * Pointer and touch use the links and buttons directly.
 */
export function SearchCombobox({ className = '' }: { className?: string }) {
  const { text, type, submit, cancel } = useSearchText();
  const query = text.trim();
  // Open at once when it replaces the plain box the shopper is typing in.
  const [open, setOpen] = useState(() => handover.focused);
  const [active, setActive] = useState<Cell | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const cart = useCart();
  const gridId = useId();
  const suggestions = useSuggestions(query);
  const products = query && suggestions.data ? suggestions.data.products : [];
  const corrected = query ? suggestions.data?.correctedQuery : undefined;
  // The pack size the server read in the query, per product ("atta 1 litre" is the 1 L pack too).
  const asked = query ? suggestions.data?.packSizes : undefined;
  const leftOut = corrected ? leftOutText(suggestions.data?.droppedWords) : '';
  const showing = open && query.length > 0 && suggestions.data !== undefined;
  const cellId = (cell: Cell) => `${gridId}-${cell.row}-${cell.column}`;

  // The combobox replaced the plain box: keep the shopper's place (once). Before the browser handles
  // another key (a layout effect): a key typed in the plain box after this box was prepared is kept, and
  // the next one lands here, not on a page whose focused box has just gone.
  useLayoutEffect(() => {
    if (handover.text !== undefined && handover.text !== text) type(handover.text);
    handover.text = undefined;
    if (!handover.focused) return;
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    // Once, when it replaces the plain box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new page (a product opened, the results page) closes the list.
  const page = pathname + search;
  const [openedOn, setOpenedOn] = useState(page);
  if (openedOn !== page) {
    setOpenedOn(page);
    if (pathname !== '/products') setOpen(false);
  }

  const close = () => {
    setOpen(false);
    setActive(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    close();
    submit();
  };

  const choose = (product: ProductView) => {
    cancel();
    close();
    navigate(productPath(product));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (showing) {
        event.preventDefault();
        close();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!products.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const row = active === null ? (step === 1 ? 0 : products.length - 1) : active.row + step;
      setActive(row < 0 || row >= products.length ? null : { row, column: active?.column ?? 0 });
      return;
    }
    if ((event.key === 'ArrowRight' || event.key === 'ArrowLeft') && active !== null) {
      event.preventDefault();
      const column = event.key === 'ArrowRight' ? 1 : 0;
      const product = products[active.row];
      setActive({ row: active.row, column: column === 1 && !(product && suggestedSize(product, query, asked).inStock) ? 0 : column });
      return;
    }
    if (event.key === 'Enter' && active !== null && showing) {
      const product = products[active.row];
      if (!product) return;
      event.preventDefault();
      if (active.column === 0) choose(product);
      else {
        const size = suggestedSize(product, query, asked);
        if (size.inStock) cart.add(sizeCartKey(product, size._id));
      }
    }
  };

  // Leaving the whole box (not moving to a link or button of the list) closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    handover.focused = false;
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
  };

  const activeId = showing && active !== null && products[active.row] ? cellId(active) : undefined;

  return (
    <form role="search" onSubmit={onSubmit} onBlur={onBlur} className={`relative ${SEARCH_FORM_CLASS} ${className}`}>
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Search products"
        aria-autocomplete="list"
        aria-haspopup="grid"
        aria-expanded={showing}
        aria-controls={showing ? gridId : undefined}
        aria-activedescendant={activeId}
        value={text}
        onChange={(event) => {
          type(event.target.value);
          setOpen(true);
          setActive(null);
        }}
        onFocus={() => {
          handover.focused = true;
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        placeholder="Search products"
        enterKeyHint="search"
        autoComplete="off"
        className={SEARCH_INPUT_CLASS}
      />
      <button type="submit" aria-label="Search" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full">
        <SearchIcon className="h-5 w-5 text-gray-600" />
      </button>
      {/* Read out when the list changes, without moving focus. */}
      <p className="sr-only" role="status">
        {showing
          ? products.length
            ? `${pluralize(products.length, 'suggestion')}${corrected ? `, showing results for ${corrected}${leftOut ? `, ${leftOut}` : ''}` : ''}`
            : 'No suggestions'
          : ''}
      </p>
      {showing && (
        <div
          className="absolute top-full right-0 left-0 z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl border border-gray-200 bg-white p-2 text-left shadow-lg lg:right-auto lg:w-96"
          onMouseDown={(event) => {
            // Keep the box focused while picking with a mouse (links and buttons still work).
            if (!(event.target as HTMLElement).closest('a, button')) event.preventDefault();
          }}
        >
          {corrected && (
            <p className="px-2 pt-1 pb-2 text-xs text-gray-600">
              Showing results for ‘<span className="font-medium text-gray-800">{corrected}</span>’{leftOut && ` (${leftOut})`}
            </p>
          )}
          <div role="grid" id={gridId} aria-label={`Suggestions for ${query}`}>
            {products.map((product, row) => (
              <div role="row" key={product._id} className={`flex items-center gap-2 rounded-lg ${active?.row === row ? 'bg-primary/10' : ''}`}>
                <div
                  role="gridcell"
                  id={cellId({ row, column: 0 })}
                  className={`min-w-0 flex-1 rounded-lg ${active?.row === row && active.column === 0 ? 'ring-2 ring-primary' : ''}`}
                >
                  <Link
                    to={productPath(product)}
                    tabIndex={-1}
                    onClick={() => {
                      cancel();
                      close();
                    }}
                    className="flex min-h-14 items-center gap-3 p-1.5"
                  >
                    <ProductImage src={thumbnailUrl(product)} alt="" className="h-11 w-11 shrink-0 rounded" />
                    <span className="min-w-0">
                      <span className="block truncate text-sm font-medium text-gray-800">{suggestionName(product, query, asked)}</span>
                      <span className="block text-sm text-primary-dull">
                        {formatPrice(suggestedSize(product, query, asked).offerPrice)}
                        {packSizesOf(product).length > 1 ? (
                          <span className="text-xs text-gray-600"> · {pluralize(packSizesOf(product).length, 'size')}</span>
                        ) : (
                          product.weight && <span className="text-xs text-gray-600"> · {product.weight}</span>
                        )}
                      </span>
                    </span>
                  </Link>
                </div>
                <div
                  role="gridcell"
                  id={cellId({ row, column: 1 })}
                  className={`shrink-0 rounded ${active?.row === row && active.column === 1 ? 'ring-2 ring-primary' : ''}`}
                >
                  {suggestedSize(product, query, asked).inStock ? (
                    <AddToCartControl
                      cart={cart}
                      itemKey={sizeCartKey(product, suggestedSize(product, query, asked)._id)}
                      productName={suggestionName(product, query, asked)}
                      left={suggestedSize(product, query, asked).stock}
                    />
                  ) : (
                    <span className="inline-flex h-11 items-center px-2 text-xs font-medium text-gray-600">Out of stock</span>
                  )}
                </div>
              </div>
            ))}
          </div>
          {products.length > 0 ? (
            <Link
              to={`/products?search=${encodeURIComponent(query)}`}
              tabIndex={-1}
              onClick={close}
              className="mt-1 flex min-h-11 items-center justify-center rounded-lg text-sm font-medium text-primary-dull hover:bg-primary/10"
            >
              See all results for ‘{query}’
            </Link>
          ) : (
            <p className="px-2 py-3 text-sm text-gray-600">
              Nothing matches ‘{query}’.{' '}
              <Link to="/chat" tabIndex={-1} onClick={close} className="font-medium text-primary-dull underline">
                Ask the shop in chat
              </Link>
            </p>
          )}
        </div>
      )}
    </form>
  );
}

/**
 * The size a suggestion shows and adds: the one the server read in the query (`packSizes`), else the one
 * whose label the query holds ("atta 5kg": the 5 kg pack), else the first in stock.
 */
export function suggestedSize(product: ProductView, query: string, asked?: Record<string, string>): PackSize {
  const sizes = packSizesOf(product);
  const read = asked?.[product._id] && sizes.find((size) => size._id === asked[product._id]);
  if (read) return read;
  const squash = (text: string) => text.toLowerCase().replace(/\s+/g, '');
  const typed = squash(query);
  // The longest label the query holds: "atta 15kg" is the 15 kg pack, not the 5 kg one.
  const named = sizes
    .filter((size) => sizes.length > 1 && size.label && typed.includes(squash(size.label)))
    .sort((a, b) => squash(b.label).length - squash(a.label).length)[0];
  return named ?? firstBuyableSize(product);
}

function suggestionName(product: ProductView, query: string, asked?: Record<string, string>): string {
  return packSizesOf(product).length > 1 ? nameWithSize(product.name, suggestedSize(product, query, asked).label) : product.name;
}
