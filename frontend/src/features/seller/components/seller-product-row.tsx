import { nameWithSize, type PackSize, type SellerPackStockView, type SellerStockView } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { useConfirm } from '@/components/ui/confirm';
import { ProductImage } from '@/components/ui/product-image';
import { categoryText, useChangeStock, useDeleteProduct, useSetStockCount, type Product } from '@/features/products';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, pluralize } from '@/lib/format';
import { thumbnailUrl } from '@/lib/product-urls';
import { toast } from '@/lib/toast';
import { useSellerMay } from '@/features/staff';
import { codesOf } from '../pack-codes';

/** Phones: a card per product; wider screens: the same items laid out as table columns. */
export const ROW_GRID =
  'grid grid-cols-[4rem_1fr] gap-x-3 gap-y-2 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,0.9fr)_9.5rem_5rem_10rem] md:items-center md:gap-4';

/** "₹62" for one size, "₹62 – ₹499" for several. */
function priceText(product: Product): string {
  const prices = (product.variants?.length ? product.variants : [product]).map((size) => size.offerPrice);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? formatPrice(low) : `${formatPrice(low)} – ${formatPrice(high)}`;
}

/** What the list says of a product without a GST rate while the shop is registered for GST. */
const NO_GST_RATE_WARNING = 'No GST rate: cannot be sold until it has one';

export function ProductRow({
  product,
  stock,
  onEdit,
  needsGstRate = false,
}: {
  product: Product;
  stock?: SellerStockView;
  onEdit: () => void;
  /** The shop is in `gst` mode and this product has no rate: shoppers cannot order it. */
  needsGstRate?: boolean;
}) {
  const sizes = product.variants ?? [];
  const severalSizes = sizes.length > 1;
  // The seller's switch is the listed flag; a counted product sold out is still listed. With several sizes: on while any size is listed.
  const listed = severalSizes ? (stock?.variants?.some((size) => size.listed) ?? sizes.some((size) => size.inStock)) : (stock?.listed ?? product.inStock);
  const changeStock = useChangeStock();
  const remove = useDeleteProduct();
  // A packer switches stock and counts; editing and deleting products is a manager's or the owner's.
  const mayEdit = useSellerMay('products');
  const toastId = { id: `product-${product._id}` };

  const toggleStock = (inStock: boolean) =>
    changeStock.mutate(
      { id: product._id, inStock },
      {
        onSuccess: (result) => toast.success(result.message || (inStock ? 'Marked in stock' : 'Marked out of stock'), toastId),
        onError: (error) => toast.error(errorMessage(error), toastId),
      },
    );

  const [dialog, confirm] = useConfirm();
  const deleteProduct = async () => {
    const answer = await confirm({
      title: `Delete ${product.name}?`,
      message: 'Its pictures are deleted too; past orders keep their record.',
      confirmLabel: 'Delete product',
      cancelLabel: 'Keep it',
      danger: true,
    });
    if (!answer) return;
    remove.mutate(product._id, {
      onSuccess: () => toast.success('Product deleted', toastId),
      onError: (error) => toast.error(errorMessage(error), toastId),
    });
  };

  return (
    <li
      data-testid="seller-product-row"
      className={`rounded-md border border-gray-300 bg-white p-3 text-sm text-gray-700 md:rounded-none md:border-0 md:px-4 ${ROW_GRID}`}
    >
      <div className="md:flex md:items-center md:gap-3">
        <div className="h-16 w-16 shrink-0 rounded border border-gray-300 p-1 md:h-14 md:w-14">
          <ProductImage src={thumbnailUrl(product)} alt={product.name} className="h-full w-full" />
        </div>
        <div className="hidden min-w-0 md:block">
          <span className="block truncate font-medium text-gray-800" title={product.name}>
            {product.name}
          </span>
          {!severalSizes && <SkuText size={sizes[0]} />}
        </div>
      </div>
      <div className="min-w-0 md:contents">
        <p className="truncate font-medium text-gray-800 md:hidden" title={product.name}>
          {product.name}
        </p>
        {!severalSizes && (
          <div className="md:hidden">
            <SkuText size={sizes[0]} />
          </div>
        )}
        <p className="text-gray-600 md:text-gray-700">{categoryText(product.category)}</p>
        <p className="font-medium text-gray-800 md:font-normal md:text-gray-700">{priceText(product)}</p>
      </div>
      <div className="col-span-2 md:col-span-1">
        {severalSizes ? <span className="text-gray-600">{pluralize(sizes.length, 'size')} (below)</span> : <StockCell product={product} stock={stock} />}
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 md:contents">
        <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            checked={listed}
            onChange={(event) => toggleStock(event.target.checked)}
            aria-label={severalSizes ? `In stock: ${product.name}, every size` : `In stock: ${product.name}`}
            className="peer sr-only"
          />
          <span
            className="h-7 w-12 rounded-full bg-slate-400 transition-colors duration-200 peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary-dull peer-focus-visible:ring-offset-2"
            aria-hidden="true"
          />
          <span
            className="absolute top-1/2 left-1 h-5 w-5 -translate-y-1/2 rounded-full bg-white transition-transform duration-200 ease-in-out peer-checked:translate-x-5"
            aria-hidden="true"
          />
          <span className="text-xs text-gray-600 md:hidden" aria-hidden="true">
            {listed ? 'In stock' : 'Out of stock'}
          </span>
        </label>
        {mayEdit && (
          <div className="flex gap-2">
            <button
              type="button"
              onClick={onEdit}
              aria-label={`Edit ${product.name}`}
              className="min-h-11 rounded border border-gray-300 px-4 hover:border-primary hover:text-primary"
            >
              Edit
            </button>
            <button
              type="button"
              onClick={() => void deleteProduct()}
              disabled={remove.isPending}
              aria-label={`Delete ${product.name}`}
              className="min-h-11 rounded border border-red-200 px-4 text-red-700 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
            >
              Delete
            </button>
          </div>
        )}
      </div>
      {needsGstRate && (
        <p
          data-testid="missing-gst-rate"
          className="col-span-2 rounded bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 md:col-span-6 md:ml-[4.25rem]"
        >
          {NO_GST_RATE_WARNING}.{mayEdit ? ' Choose one with Edit.' : ''}
        </p>
      )}
      {severalSizes && (
        <ul
          className="col-span-2 mt-1 space-y-2 border-t border-gray-200 pt-2 md:col-span-6 md:mt-0 md:ml-[4.25rem]"
          aria-label={`Pack sizes of ${product.name}`}
        >
          {sizes.map((size) => (
            <SizeRow key={size._id} product={product} size={size} stock={stock?.variants?.find((entry) => entry.variantId === size._id)} />
          ))}
        </ul>
      )}
      {dialog}
    </li>
  );
}

/** "SKU ATTA-1KG" of a pack size that has one (nothing otherwise). */
function SkuText({ size }: { size: PackSize | undefined }) {
  const { sku } = size ? codesOf(size) : {};
  if (!sku) return null;
  return (
    <span className="block truncate font-mono text-xs text-gray-600" data-testid="seller-sku">
      <span className="font-sans">SKU </span>
      {sku}
    </span>
  );
}

/** One pack size of a product of several: its label and price, its count and badge, its own stock switch. */
function SizeRow({ product, size, stock }: { product: Product; size: PackSize; stock?: SellerPackStockView }) {
  const changeStock = useChangeStock();
  const name = nameWithSize(product.name, size.label);
  const listed = stock?.listed ?? size.inStock;
  const toastId = { id: `product-${product._id}-${size._id}` };
  const toggle = (inStock: boolean) =>
    changeStock.mutate(
      { id: product._id, variant: size._id, inStock },
      {
        onSuccess: (result) => toast.success(result.message || `${name}: ${inStock ? 'in stock' : 'out of stock'}`, toastId),
        onError: (error) => toast.error(errorMessage(error), toastId),
      },
    );
  return (
    <li data-testid="seller-size-row" className="flex flex-wrap items-center gap-x-4 gap-y-1">
      <span className="min-w-16 font-medium text-gray-800">{size.label}</span>
      <span className="min-w-20 text-gray-700">{formatPrice(size.offerPrice)}</span>
      <SkuText size={size} />
      <div className="min-w-0 flex-1">
        <StockCell product={product} stock={stock} size={size} />
      </div>
      <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          role="switch"
          checked={listed}
          onChange={(event) => toggle(event.target.checked)}
          aria-label={`In stock: ${name}`}
          className="peer sr-only"
        />
        <span
          className="h-7 w-12 rounded-full bg-slate-400 transition-colors duration-200 peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary-dull peer-focus-visible:ring-offset-2"
          aria-hidden="true"
        />
        <span
          className="absolute top-1/2 left-1 h-5 w-5 -translate-y-1/2 rounded-full bg-white transition-transform duration-200 ease-in-out peer-checked:translate-x-5"
          aria-hidden="true"
        />
      </label>
    </li>
  );
}

/**
 * Units on hand (what the seller counted), held by open checkouts, running low; a count typed in and saved with
 * Enter or Save. With `size`, those of one pack size of the product (sent with its `variant`).
 */
function StockCell({ product, stock, size }: { product: Product; stock?: Omit<SellerPackStockView, 'variantId' | 'label'>; size?: PackSize }) {
  const setCount = useSetStockCount();
  const inputId = useId();
  const counted = stock?.onHand !== null && stock?.onHand !== undefined;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const toastId = { id: `stock-${product._id}${size ? `-${size._id}` : ''}` };
  const name = size ? nameWithSize(product.name, size.label) : product.name;

  const open = () => {
    setText(counted ? String(stock!.onHand) : '');
    setEditing(true);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value !== '' && !/^\d+$/.test(value)) {
      toast.error('Units must be a whole number (or empty to stop counting)', toastId);
      return;
    }
    setCount.mutate(
      { id: product._id, ...(size ? { variant: size._id } : {}), stock: value === '' ? null : Number(value) },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(value === '' ? `${name} is no longer counted` : `${name}: ${value} in stock`, toastId);
        },
        onError: (error) => toast.error(errorMessage(error), toastId),
      },
    );
  };

  if (editing) {
    return (
      <form onSubmit={save} className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          Units of {name} in stock (empty: not counted)
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoFocus
          placeholder="Not counted"
          className="min-h-11 w-24 rounded border border-gray-300 px-2 outline-none focus:border-primary"
        />
        <button type="submit" disabled={setCount.isPending} className="min-h-11 rounded bg-primary px-3 text-white disabled:opacity-60">
          Save
        </button>
        <button type="button" onClick={() => setEditing(false)} className="min-h-11 px-2 text-gray-600 hover:text-gray-900">
          Cancel
        </button>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="stock-cell">
      {counted ? (
        <>
          <span className="font-medium text-gray-800">{stock!.onHand} in stock</span>
          {stock!.held > 0 && <span className="text-xs text-gray-600">({stock!.held} held)</span>}
          {stock!.available === 0 ? (
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">Sold out</span>
          ) : (
            stock!.runningLow && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Running low</span>
          )}
        </>
      ) : (
        <span className="text-gray-600">Not counted</span>
      )}
      <button
        type="button"
        onClick={open}
        aria-label={`${counted ? 'Change' : 'Count'} units of ${name}`}
        className="min-h-11 px-1 text-sm text-primary-dull underline underline-offset-2"
      >
        {counted ? 'Change' : 'Count'}
      </button>
    </div>
  );
}
