import { useState } from 'react';
import toast from 'react-hot-toast';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { ProductImage } from '@/components/ui/product-image';
import { useChangeStock, useDeleteProduct, useInfiniteProducts, type Product } from '@/features/products';
import { errorMessage } from '@/lib/api-client';
import { formatPrice, pluralize } from '@/lib/format';
import { thumbnailUrl } from '@/lib/product-urls';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EditProductDialog } from '../components/edit-product-dialog';

/** /seller/product-list (and /seller/Product-list): every product, with stock switch, edit and delete. */
export function ProductListRoute() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const query = useInfiniteProducts({ search: debouncedSearch });
  const [editing, setEditing] = useState<Product | null>(null);

  const products = query.data?.pages.flatMap((page) => page.products) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <section aria-labelledby="product-list-heading" className="max-w-5xl">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 id="product-list-heading" className="text-lg font-medium">
          All Products
        </h1>
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label="Search products by name"
          placeholder="Search by name"
          className="w-56 rounded border border-gray-300 px-3 py-1.5 text-sm outline-none focus:border-primary"
        />
      </div>

      {query.isPending && <Spinner label="Loading products…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && (
        <>
          <p className="mt-2 text-sm text-gray-500" aria-live="polite">
            Showing {products.length} of {pluralize(total, 'product')}
          </p>
          {products.length === 0 ? (
            <p className="mt-6 text-gray-500">{debouncedSearch ? `No product matches "${debouncedSearch}".` : 'No products yet. Add one from Add Product.'}</p>
          ) : (
            <div className="mt-4 w-full overflow-x-auto rounded-md border border-gray-500/20 bg-white" aria-busy={query.isFetching}>
              <table className="w-full table-auto text-left text-sm">
                <thead className="text-gray-900">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Product
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Category
                    </th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">
                      Selling Price
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      In Stock
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="text-gray-600">
                  {products.map((product) => (
                    <ProductRow key={product._id} product={product} onEdit={() => setEditing(product)} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                className="rounded-md border border-primary px-8 py-2 font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-60"
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

  const toggleStock = (inStock: boolean) =>
    changeStock.mutate(
      { id: product._id, inStock },
      {
        onSuccess: (result) => toast.success(result.message || (inStock ? 'Marked in stock' : 'Marked out of stock'), { id: `stock-${product._id}` }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const deleteProduct = () => {
    if (!window.confirm(`Delete ${product.name}? Its pictures are deleted too; past orders keep their record.`)) return;
    remove.mutate(product._id, {
      onSuccess: () => toast.success('Product deleted'),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <tr data-testid="seller-product-row" className="border-t border-gray-500/20">
      <td className="px-4 py-3">
        <div className="flex items-center gap-3">
          <div className="shrink-0 rounded border border-gray-300 p-1">
            <ProductImage src={thumbnailUrl(product)} alt={product.name} className="h-14 w-14" />
          </div>
          <span className="max-w-56 truncate font-medium text-gray-800" title={product.name}>
            {product.name}
          </span>
        </div>
      </td>
      <td className="px-4 py-3">{product.category}</td>
      <td className="hidden px-4 py-3 md:table-cell">{formatPrice(product.offerPrice)}</td>
      <td className="px-4 py-3">
        <label className="relative inline-flex cursor-pointer items-center">
          <input
            type="checkbox"
            role="switch"
            checked={product.inStock}
            onChange={(event) => toggleStock(event.target.checked)}
            aria-label={`In stock: ${product.name}`}
            className="peer sr-only"
          />
          <span
            className="h-7 w-12 rounded-full bg-slate-300 transition-colors duration-200 peer-checked:bg-primary peer-focus-visible:ring-2 peer-focus-visible:ring-primary-dull peer-focus-visible:ring-offset-2"
            aria-hidden="true"
          />
          <span
            className="absolute top-1 left-1 h-5 w-5 rounded-full bg-white transition-transform duration-200 ease-in-out peer-checked:translate-x-5"
            aria-hidden="true"
          />
        </label>
      </td>
      <td className="px-4 py-3">
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${product.name}`}
            className="rounded border border-gray-300 px-3 py-1 hover:border-primary hover:text-primary"
          >
            Edit
          </button>
          <button
            type="button"
            onClick={deleteProduct}
            disabled={remove.isPending}
            aria-label={`Delete ${product.name}`}
            className="rounded border border-red-200 px-3 py-1 text-red-600 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
