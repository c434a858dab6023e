import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useProductList } from '@/features/products/api/get-product-list';
import { CATEGORIES } from '@/features/products/categories';

/** /seller index: an overview of the catalogue. */
export function SellerDashboardRoute() {
  const query = useProductList();

  return (
    <section aria-labelledby="dashboard-heading" className="max-w-4xl">
      <h1 id="dashboard-heading" className="text-2xl font-medium text-gray-800">
        Dashboard
      </h1>
      {query.isPending && <Spinner label="Counting products…" />}
      {query.isError && <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && <Overview products={query.data} />}
    </section>
  );
}

function Overview({ products }: { products: { category: string; inStock: boolean }[] }) {
  const inStock = products.filter((product) => product.inStock).length;
  const byCategory = CATEGORIES.map((category) => ({
    ...category,
    count: products.filter((product) => product.category.toLowerCase() === category.path.toLowerCase()).length,
  }));
  const other = products.length - byCategory.reduce((sum, category) => sum + category.count, 0);

  return (
    <>
      <dl className="mt-6 grid gap-4 sm:grid-cols-3">
        <Stat label="Products" value={products.length} testId="seller-product-count" />
        <Stat label="In stock" value={inStock} />
        <Stat label="Out of stock" value={products.length - inStock} />
      </dl>

      <h2 className="mt-10 text-lg font-medium text-gray-800">Products by category</h2>
      <table className="mt-3 w-full max-w-lg overflow-hidden rounded-md border border-gray-200 text-left text-sm">
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">Category</th>
            <th scope="col" className="px-4 py-2 text-right font-medium">Products</th>
          </tr>
        </thead>
        <tbody className="text-gray-600">
          {byCategory.map((category) => (
            <tr key={category.path} className="border-t border-gray-200">
              <td className="px-4 py-2">{category.text}</td>
              <td className="px-4 py-2 text-right">{category.count}</td>
            </tr>
          ))}
          {other > 0 && (
            <tr className="border-t border-gray-200">
              <td className="px-4 py-2">Other categories</td>
              <td className="px-4 py-2 text-right">{other}</td>
            </tr>
          )}
        </tbody>
      </table>
    </>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div className="rounded-lg border border-gray-200 p-5">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold text-gray-800" data-testid={testId}>
        {value.toLocaleString('en-IN')}
      </dd>
    </div>
  );
}
