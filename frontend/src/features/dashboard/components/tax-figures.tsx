import type { StatsTax } from '@greencart/domain';
import { formatPrice } from '@/lib/format';

/**
 * Issue 54: the period's sales with and without tax, and the tax per rate (flat mode's 2% added on top,
 * gst mode's inside the prices and the fee), for the accountant beside GSTR-1.
 */
export function TaxFigures({ tax }: { tax: StatsTax | undefined }) {
  if (!tax) return <p className="text-sm text-gray-600">The tax figures are not available from this server.</p>;
  return (
    <div className="space-y-3 text-sm" data-testid="tax-figures">
      <dl className="grid grid-cols-3 gap-3">
        <div>
          <dt className="text-gray-600">Sales with tax</dt>
          <dd className="font-medium text-gray-800 tabular-nums" data-testid="sales-with-tax">
            {formatPrice(tax.withTax)}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Without tax</dt>
          <dd className="font-medium text-gray-800 tabular-nums" data-testid="sales-without-tax">
            {formatPrice(tax.withoutTax)}
          </dd>
        </div>
        <div>
          <dt className="text-gray-600">Tax</dt>
          <dd className="font-medium text-gray-800 tabular-nums" data-testid="tax-collected">
            {formatPrice(tax.tax)}
          </dd>
        </div>
      </dl>
      {tax.byRate.length ? (
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">Tax per rate</caption>
          <thead className="text-gray-600">
            <tr>
              <th scope="col" className="py-1 font-normal">
                Rate
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Taxable value
              </th>
              <th scope="col" className="py-1 text-right font-normal">
                Tax
              </th>
            </tr>
          </thead>
          <tbody>
            {tax.byRate.map((rate) => (
              <tr key={rate.ratePercent} className="border-t border-gray-100" data-testid="tax-rate-row">
                <th scope="row" className="py-1 font-normal">
                  {rate.ratePercent}%
                </th>
                <td className="py-1 text-right">{formatPrice(rate.taxable)}</td>
                <td className="py-1 text-right">{formatPrice(rate.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-gray-600">No tax in this period.</p>
      )}
    </div>
  );
}
