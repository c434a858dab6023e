import { Link, useParams } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { categoryText } from '@/features/products';
import { pluralize } from '@/lib/format';
import { pickListCsvUrl, usePickList } from '../api/get-seller-slots';

/** /seller/slots/:date/:start/picklist: every product and pack size of a slot's orders with its total, in aisle order; printable and as CSV. */
export function PickListRoute() {
  const { date = '', start = '' } = useParams();
  const list = usePickList(date, start);
  return (
    <section aria-labelledby="picklist-heading" className="max-w-3xl print:max-w-none print:bg-white print:text-black">
      <title>Pick list · GreenCart seller</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="picklist-heading" className="text-lg font-medium">
          Pick list{list.data ? ` · ${list.data.title}` : ''}
        </h1>
        <div className="flex gap-2 print:hidden">
          <button
            type="button"
            onClick={() => window.print()}
            className="min-h-11 rounded border border-primary px-4 text-sm font-medium text-primary hover:bg-primary/10"
          >
            Print
          </button>
          <a
            href={pickListCsvUrl(date, start)}
            download
            className="flex min-h-11 items-center rounded border border-gray-300 px-4 text-sm font-medium text-gray-700 hover:border-primary"
          >
            CSV
          </a>
        </div>
      </div>
      {list.isPending && <Spinner label="Loading the pick list…" />}
      {list.isError && <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <p className="mt-1 text-sm text-gray-600 print:text-black">
            {pluralize(list.data.orders, 'order')} in this slot.{' '}
            <Link to="/seller/orders" className="text-primary underline print:hidden">
              Back to orders
            </Link>
          </p>
          {list.data.lines.length === 0 ? (
            <p className="mt-6 text-gray-600">Nothing to pick yet.</p>
          ) : (
            <table className="mt-4 w-full border-collapse text-sm" data-testid="pick-list">
              <thead>
                <tr className="border-b border-gray-300 text-left text-gray-600 print:border-black print:text-black">
                  <th className="py-2 pr-3 font-medium">Aisle</th>
                  <th className="py-2 pr-3 font-medium">Product</th>
                  <th className="py-2 pr-3 font-medium">SKU</th>
                  <th className="py-2 pr-3 font-medium">Barcode</th>
                  <th className="py-2 pr-3 text-right font-medium">Quantity</th>
                  <th className="py-2 text-right font-medium">Orders</th>
                </tr>
              </thead>
              <tbody>
                {list.data.lines.map((line) => (
                  <tr key={`${line.product}-${line.label ?? ''}`} className="border-b border-gray-200 print:break-inside-avoid print:border-gray-500">
                    <td className="py-2 pr-3 text-gray-600">{categoryText(line.category)}</td>
                    <td className="py-2 pr-3 font-medium text-gray-800">
                      {line.name}
                      {line.label && <span className="text-gray-600"> · {line.label}</span>}
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs text-gray-700 print:text-black">{line.sku ?? ''}</td>
                    <td className="py-2 pr-3 font-mono text-xs text-gray-700 print:text-black">{line.barcode ?? ''}</td>
                    <td className="py-2 pr-3 text-right text-base font-semibold">{line.quantity}</td>
                    <td className="py-2 text-right text-gray-600">{line.orders}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
