import type { SellerStockView } from '@greencart/domain';
import { useState } from 'react';
import { ErrorNotice } from '@/components/ui/error-notice';
import { CatalogueActions } from '@/features/catalogue-import';
import { Spinner } from '@/components/ui/spinner';
import { useNewestProducts, useProducts, useSellerStock, type Product } from '@/features/products';
import { useShopTax } from '@/features/shop';
import { pluralize } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EditProductDialog } from '../components/edit-product-dialog';
import { ProductRow, ROW_GRID } from '../components/seller-product-row';

/** /seller/product-list (and /seller/Product-list): every product, newest first, with stock switch, units in stock, edit and delete. */
export function ProductListRoute() {
  const [search, setSearch] = useState('');
  const [runningLowOnly, setRunningLowOnly] = useState(false);
  const debouncedSearch = useDebouncedValue(search);
  const query = useNewestProducts({ search: debouncedSearch });
  const stock = useSellerStock();
  const [editing, setEditing] = useState<Product | null>(null);
  // Registered for GST: a product without its rate cannot be ordered (the server refuses it), so the list says so.
  const gstMode = useShopTax().taxMode === 'gst';
  const runningLowIds = [...(stock.data?.values() ?? [])].filter(isRunningLow).map((entry) => entry.productId);
  const lowQuery = useProducts({ ids: runningLowIds.slice(0, 100), limit: 100 }, { enabled: runningLowOnly && runningLowIds.length > 0 });

  const all = query.data?.pages.flatMap((page) => page.products) ?? [];
  const products = runningLowOnly ? (lowQuery.data?.products ?? []).filter((p) => isRunningLow(stock.data?.get(p._id))) : all;
  const total = runningLowOnly ? runningLowIds.length : (query.data?.pages[0]?.total ?? 0);

  return (
    <section aria-labelledby="product-list-heading" className="max-w-5xl">
      <title>Products · GreenCart seller</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex w-full flex-wrap items-center justify-between gap-3 sm:w-auto sm:justify-start">
          <h1 id="product-list-heading" className="text-lg font-medium">
            All Products <span className="text-sm font-normal text-gray-600">(newest first)</span>
          </h1>
          <CatalogueActions />
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <button
            type="button"
            aria-pressed={runningLowOnly}
            onClick={() => setRunningLowOnly(!runningLowOnly)}
            className={`min-h-11 rounded-full border px-4 text-sm font-medium transition ${
              runningLowOnly ? 'border-amber-600 bg-amber-100 text-amber-900' : 'border-gray-300 text-gray-700 hover:border-amber-600'
            }`}
          >
            Running low{runningLowIds.length ? ` (${runningLowIds.length})` : ''}
          </button>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            aria-label="Search products by name, SKU or barcode"
            placeholder="Name, SKU or barcode"
            disabled={runningLowOnly}
            className="min-h-11 flex-1 rounded border border-gray-300 px-3 text-base outline-none focus:border-primary disabled:bg-gray-50 sm:w-64 sm:flex-none sm:text-sm"
          />
        </div>
      </div>

      {query.isPending && <Spinner label="Loading products…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            Showing {products.length} of {pluralize(total, 'product')}
          </p>
          {products.length === 0 ? (
            <p className="mt-6 text-gray-600">
              {runningLowOnly
                ? 'Nothing is running low.'
                : debouncedSearch
                  ? `No product matches "${debouncedSearch}".`
                  : 'No products yet. Add one from Add Product.'}
            </p>
          ) : (
            <div className="mt-4" aria-busy={query.isFetching}>
              <div className={`hidden px-4 pb-2 text-sm font-semibold text-gray-900 md:grid ${ROW_GRID}`} aria-hidden="true">
                <span>Product</span>
                <span>Category</span>
                <span>Selling Price</span>
                <span>Units</span>
                <span>In Stock</span>
                <span />
              </div>
              <ul className="space-y-3 md:space-y-0 md:divide-y md:divide-gray-200 md:rounded-md md:border md:border-gray-300">
                {products.map((product) => (
                  <ProductRow
                    key={product._id}
                    product={product}
                    stock={stock.data?.get(product._id)}
                    onEdit={() => setEditing(product)}
                    needsGstRate={gstMode && typeof product.gstRate !== 'number'}
                  />
                ))}
              </ul>
            </div>
          )}
          {query.hasNextPage && !runningLowOnly && (
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

      {editing && <EditProductDialog key={editing._id} product={editing} stock={stock.data?.get(editing._id)} onClose={() => setEditing(null)} />}
    </section>
  );
}

/** A product runs low when its one size does, or any of its sizes. */
function isRunningLow(entry: SellerStockView | undefined): boolean {
  return !!entry && (entry.runningLow || !!entry.variants?.some((size) => size.runningLow));
}
