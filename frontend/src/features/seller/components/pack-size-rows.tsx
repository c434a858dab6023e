import { MAX_PACK_SIZE_LABEL_LENGTH, MAX_PACK_SIZES, PACK_SIZE_UNITS, type PackSizeUnit } from '@greencart/domain';
import type { ReactNode } from 'react';
import { MAX_SKU_LENGTH } from '../pack-codes';
import { EMPTY_SIZE_ROW, type PackSizeRow, type ProductErrors } from '../product-form';

/**
 * The pack sizes of a product of several: one group per size (label, prices, how much it holds, stock) with its
 * remove button; two columns on phones, one line each from tablets up. 1 to MAX_PACK_SIZES rows.
 */
export function PackSizeRows({
  idPrefix,
  rows,
  errors,
  onSizesChange,
}: {
  idPrefix: string;
  rows: PackSizeRow[];
  errors: ProductErrors;
  onSizesChange: (rows: PackSizeRow[]) => void;
}) {
  const change = (index: number, field: keyof PackSizeRow, value: string) =>
    onSizesChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  const errorId = `${idPrefix}-sizes-error`;
  // The first row's prices and stock are checked as the single-size fields are: their messages show here.
  const firstRowError = errors.price ?? errors.offerPrice ?? errors.weight ?? errors.stock;
  const problem = errors.sizes ?? firstRowError;
  const cell = 'w-full rounded border border-gray-300 px-2 py-2 outline-none focus:border-primary min-h-11';
  return (
    <fieldset aria-describedby={problem ? errorId : `${idPrefix}-sizes-hint`} data-testid="pack-sizes">
      <legend className="text-base font-medium">Pack sizes</legend>
      <p id={`${idPrefix}-sizes-hint`} className="text-xs text-gray-500">
        The first size is shown first and is what an order of the product alone means. Size and unit are optional: they give the price per kg, litre or piece.
        Leave the stock empty not to count a size. SKU (your own code) and barcode (EAN-8, UPC-A or EAN-13) are optional.
      </p>
      <ol className="mt-2 flex flex-col gap-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const fieldId = (field: string) => `${idPrefix}-size-${index}-${field}`;
          return (
            <li key={row._id ?? `new-${index}`} className="rounded-md border border-gray-200 p-3" data-testid="pack-size-row">
              <fieldset>
                <legend className="sr-only">Pack size {n}</legend>
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1.3fr_1fr_1fr_1fr_0.9fr_1fr_auto] sm:items-end">
                  <SizeCell id={fieldId('label')} label="Label" size={n}>
                    <input
                      id={fieldId('label')}
                      type="text"
                      value={row.label}
                      onChange={(event) => change(index, 'label', event.target.value)}
                      placeholder="e.g. 1 kg"
                      maxLength={MAX_PACK_SIZE_LABEL_LENGTH}
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('price')} label="Price" size={n}>
                    <input
                      id={fieldId('price')}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      value={row.price}
                      onChange={(event) => change(index, 'price', event.target.value)}
                      placeholder="0"
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('offerPrice')} label="Offer price" size={n}>
                    <input
                      id={fieldId('offerPrice')}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      value={row.offerPrice}
                      onChange={(event) => change(index, 'offerPrice', event.target.value)}
                      placeholder="0"
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('amount')} label="Size" size={n}>
                    <input
                      id={fieldId('amount')}
                      type="number"
                      inputMode="decimal"
                      min="0"
                      value={row.amount}
                      onChange={(event) => change(index, 'amount', event.target.value)}
                      placeholder="Optional"
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('unit')} label="Unit" size={n}>
                    <select
                      id={fieldId('unit')}
                      value={row.unit}
                      onChange={(event) => change(index, 'unit', event.target.value as PackSizeUnit | '')}
                      className={`${cell} bg-white`}
                    >
                      <option value="">—</option>
                      {PACK_SIZE_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {unit}
                        </option>
                      ))}
                    </select>
                  </SizeCell>
                  <SizeCell id={fieldId('stock')} label="Stock" size={n}>
                    <input
                      id={fieldId('stock')}
                      type="number"
                      inputMode="numeric"
                      min="0"
                      step="1"
                      value={row.stock}
                      onChange={(event) => change(index, 'stock', event.target.value)}
                      placeholder="Not counted"
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('sku')} label="SKU" size={n} wide>
                    <input
                      id={fieldId('sku')}
                      type="text"
                      value={row.sku ?? ''}
                      onChange={(event) => change(index, 'sku', event.target.value)}
                      placeholder="Optional"
                      maxLength={MAX_SKU_LENGTH}
                      autoCapitalize="characters"
                      autoComplete="off"
                      spellCheck={false}
                      className={cell}
                    />
                  </SizeCell>
                  <SizeCell id={fieldId('barcode')} label="Barcode" size={n} wide>
                    <input
                      id={fieldId('barcode')}
                      type="text"
                      inputMode="numeric"
                      value={row.barcode ?? ''}
                      onChange={(event) => change(index, 'barcode', event.target.value)}
                      placeholder="Optional"
                      maxLength={13}
                      autoComplete="off"
                      className={cell}
                    />
                  </SizeCell>
                  <button
                    type="button"
                    onClick={() => onSizesChange(rows.filter((_, i) => i !== index))}
                    aria-label={`Remove pack size ${n}${row.label.trim() ? ` (${row.label.trim()})` : ''}`}
                    className="order-last col-span-2 min-h-11 rounded border border-red-200 px-3 text-sm text-red-700 hover:bg-red-50 sm:order-none sm:col-span-1 sm:col-start-7 sm:row-start-1"
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {problem && (
        <p id={errorId} role="alert" className="mt-2 text-xs text-red-600">
          {problem}
        </p>
      )}
      {rows.length < MAX_PACK_SIZES && (
        <button
          type="button"
          onClick={() => onSizesChange([...rows, EMPTY_SIZE_ROW])}
          className="mt-3 min-h-11 rounded border border-primary/50 px-4 text-sm font-medium text-primary-dull hover:bg-primary/10"
        >
          + Add a pack size
        </button>
      )}
    </fieldset>
  );
}

/** One input of a size row: its label says the column ('Price'), and to screen readers which size ('Price of size 2'); `wide` spans two columns from tablets up. */
function SizeCell({ id, label, size, wide = false, children }: { id: string; label: string; size: number; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`flex min-w-0 flex-col gap-0.5 ${wide ? 'sm:col-span-2' : ''}`}>
      <label htmlFor={id} className="text-xs font-medium text-gray-700">
        {label}
        <span className="sr-only"> of size {size}</span>
      </label>
      {children}
    </div>
  );
}
