import { useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { ProductImage } from '@/components/ui/product-image';
import { Spinner } from '@/components/ui/spinner';
import { categoryText, useChangeStock, useDeleteProduct, useNewestProducts, type Product } from '@/features/products';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, pluralize } from '@/lib/format';
import { thumbnailUrl } from '@/lib/product-urls';
import { toast } from '@/lib/toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EditProductDialog } from '../components/edit-product-dialog';

/** Phones: a card per product; wider screens: the same items laid out as table columns. */
const ROW_GRID = 'grid grid-cols-[4rem_1fr] gap-x-3 gap-y-2 md:grid-cols-[minmax(0,2.5fr)_minmax(0,1.2fr)_minmax(0,1fr)_5rem_10rem] md:items-center md:gap-4';

/** /seller/product-list (and /seller/Product-list): every product, newest first, with stock switch, edit and delete. */
export function ProductListRoute() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const query = useNewestProducts({ search: debouncedSearch });
  const [editing, setEditing] = useState<Product | null>(null);

  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="product-list-heading" className="max-w-5xl">
      <title>Products · GreenCart seller</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="product-list-heading" className="text-lg font-medium">
          All Products <span className="text-sm font-normal text-gray-600">(newest first)</span>
        </h1>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label="Search products by name"
          placeholder="Search by name"
          className="min-h-11 w-full rounded border border-gray-300 px-3 text-base outline-none focus:border-primary sm:w-64 sm:text-sm"
        />
      </div>

      {query.isPending && <Spinner label="Loading products…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            Showing {products.length} of {pluralize(total, 'product')}
          </p>
          {products.length === 0 ? (
            <p className="mt-6 text-gray-600">{debouncedSearch ? `No product matches "${debouncedSearch}".` : 'No products yet. Add one from Add Product.'}</p>
          ) : (
            <div className="mt-4" aria-busy={query.isFetching}>
              <div className={`hidden px-4 pb-2 text-sm font-semibold text-gray-900 md:grid ${ROW_GRID}`} aria-hidden="true">
                <span>Product</span>
                <span>Category</span>
                <span>Selling Price</span>
                <span>In Stock</span>
                <span />
              </div>
              <ul className="space-y-3 md:space-y-0 md:divide-y md:divide-gray-200 md:rounded-md md:border md:border-gray-300">
                {products.map((product) => (
                  <ProductRow key={product._id} product={product} onEdit={() => setEditing(product)} />
                ))}
              </ul>
            </div>
          )}
          {query.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                className="min-h-11 rounded-md border border-primary px-8 font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-60"
              >
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}

      {editing && <EditProductDialog key={editing._id} product={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function ProductRow({ product, onEdit }: { product: Product; onEdit: () => void }) {
  const changeStock = useChangeStock();
  const remove = useDeleteProduct();
  const toastId = { id: `product-${product._id}` };

  const toggleStock = (inStock: boolean) =>
    changeStock.mutate(
      { id: product._id, inStock },
      {
        onSuccess: (result) => toast.success(result.message || (inStock ? 'Marked in stock' : 'Marked out of stock'), toastId),
        onError: (error) => toast.error(errorMessage(error), toastId),
      },
    );

  const deleteProduct = () => {
    if (!window.confirm(`Delete ${product.name}? Its pictures are deleted too; past orders keep their record.`)) return;
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
        <span className="hidden truncate font-medium text-gray-800 md:block" title={product.name}>
          {product.name}
        </span>
      </div>
      <div className="min-w-0 md:contents">
        <p className="truncate font-medium text-gray-800 md:hidden" title={product.name}>
          {product.name}
        </p>
        <p className="text-gray-600 md:text-gray-700">{categoryText(product.category)}</p>
        <p className="font-medium text-gray-800 md:font-normal md:text-gray-700">{formatPrice(product.offerPrice)}</p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 md:contents">
        <label className="relative inline-flex min-h-11 cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            role="switch"
            checked={product.inStock}
            onChange={(event) => toggleStock(event.target.checked)}
            aria-label={`In stock: ${product.name}`}
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
            {product.inStock ? 'In stock' : 'Out of stock'}
          </span>
        </label>
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
            onClick={deleteProduct}
            disabled={remove.isPending}
            aria-label={`Delete ${product.name}`}
            className="min-h-11 rounded border border-red-200 px-4 text-red-700 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
