import {
  CATEGORIES,
  MAX_PACK_SIZE_LABEL_LENGTH,
  MAX_PACK_SIZES,
  MAX_PRODUCT_NAME_LENGTH,
  MAX_PRODUCT_WEIGHT_LENGTH,
  MAX_SEARCH_WORDS,
  PACK_SIZE_UNITS,
  type PackSizeUnit,
} from '@greencart/domain';
import type { ReactNode } from 'react';
import { MAX_SKU_LENGTH } from '../pack-codes';
import { EMPTY_SIZE_ROW, sizeRows, type PackSizeRow, type ProductErrors, type ProductFormValues } from '../product-form';

const inputClass = 'w-full rounded border px-3 py-2.5 outline-none focus:border-primary';

/**
 * Name, description, category, prices and weight: the text part of the add and edit forms. A product of one
 * pack size shows its price, offer price, weight and stock as always; 'Add a pack size' turns them into rows.
 */
export function ProductFields({
  idPrefix,
  values,
  errors,
  onChange,
  onSizesChange,
}: {
  idPrefix: string;
  values: ProductFormValues;
  errors: ProductErrors;
  onChange: (
    field: 'name' | 'description' | 'category' | 'price' | 'offerPrice' | 'weight' | 'stock' | 'lowStockThreshold' | 'searchWords' | 'hsn',
    value: string,
  ) => void;
  /** The pack sizes as rows, the first one being the price, offer price, weight and stock fields. */
  onSizesChange: (rows: PackSizeRow[]) => void;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const rows = sizeRows(values);
  const severalSizes = rows.length > 1;
  const describe = (field: keyof ProductErrors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {});
  const border = (field: keyof ProductErrors) => (errors[field] ? 'border-red-400' : 'border-gray-300');

  return (
    <>
      <Field id={id('name')} label="Product Name" error={errors.name}>
        <input
          id={id('name')}
          type="text"
          value={values.name}
          onChange={(event) => onChange('name', event.target.value)}
          placeholder="Type here"
          maxLength={MAX_PRODUCT_NAME_LENGTH}
          required
          className={`${inputClass} ${border('name')}`}
          {...describe('name')}
        />
      </Field>
      <Field id={id('description')} label="Product Description" hint="One line per point of the 'About Product' list." error={errors.description}>
        <textarea
          id={id('description')}
          rows={4}
          value={values.description}
          onChange={(event) => onChange('description', event.target.value)}
          placeholder="Type here"
          className={`${inputClass} resize-none ${border('description')}`}
          aria-describedby={`${id('description')}-hint`}
        />
      </Field>
      <Field id={id('category')} label="Category" error={errors.category}>
        <select
          id={id('category')}
          value={values.category}
          onChange={(event) => onChange('category', event.target.value)}
          required
          className={`${inputClass} bg-white ${border('category')}`}
          {...describe('category')}
        >
          <option value="">Select Category</option>
          {CATEGORIES.map((category) => (
            <option key={category.path} value={category.path}>
              {category.text}
            </option>
          ))}
        </select>
      </Field>
      {severalSizes ? (
        <PackSizeRows idPrefix={idPrefix} rows={rows} errors={errors} onSizesChange={onSizesChange} />
      ) : (
        <>
          <div className="flex flex-wrap gap-5">
            <div className="min-w-32 flex-1">
              <Field id={id('price')} label="Product Price" error={errors.price}>
                <input
                  id={id('price')}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={values.price}
                  onChange={(event) => onChange('price', event.target.value)}
                  placeholder="0"
                  required
                  className={`${inputClass} ${border('price')}`}
                  {...describe('price')}
                />
              </Field>
            </div>
            <div className="min-w-32 flex-1">
              <Field id={id('offerPrice')} label="Offer Price" error={errors.offerPrice}>
                <input
                  id={id('offerPrice')}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  value={values.offerPrice}
                  onChange={(event) => onChange('offerPrice', event.target.value)}
                  placeholder="0"
                  required
                  className={`${inputClass} ${border('offerPrice')}`}
                  {...describe('offerPrice')}
                />
              </Field>
            </div>
          </div>
          <Field id={id('weight')} label="Weight" hint="Optional, e.g. 500 g or 1 L." error={errors.weight}>
            <input
              id={id('weight')}
              type="text"
              value={values.weight}
              onChange={(event) => onChange('weight', event.target.value)}
              placeholder="Optional"
              maxLength={MAX_PRODUCT_WEIGHT_LENGTH}
              className={`${inputClass} ${border('weight')}`}
              aria-describedby={errors.weight ? `${id('weight')}-error` : `${id('weight')}-hint`}
              aria-invalid={errors.weight ? true : undefined}
            />
          </Field>
          <div className="flex flex-wrap gap-5">
            <div className="min-w-32 flex-1">
              <Field id={id('sku')} label="SKU" hint="Optional: your own code for it, e.g. ATTA-1KG." error={errors.sku}>
                <input
                  id={id('sku')}
                  type="text"
                  value={rows[0]!.sku ?? ''}
                  onChange={(event) => onSizesChange([{ ...rows[0]!, sku: event.target.value }])}
                  placeholder="Optional"
                  maxLength={MAX_SKU_LENGTH}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  className={`${inputClass} ${border('sku')}`}
                  aria-describedby={errors.sku ? `${id('sku')}-error` : `${id('sku')}-hint`}
                  aria-invalid={errors.sku ? true : undefined}
                />
              </Field>
            </div>
            <div className="min-w-32 flex-1">
              <Field id={id('barcode')} label="Barcode" hint="Optional: the 8, 12 or 13 digits under the bars." error={errors.barcode}>
                <input
                  id={id('barcode')}
                  type="text"
                  inputMode="numeric"
                  value={rows[0]!.barcode ?? ''}
                  onChange={(event) => onSizesChange([{ ...rows[0]!, barcode: event.target.value }])}
                  placeholder="Optional"
                  maxLength={13}
                  autoComplete="off"
                  className={`${inputClass} ${border('barcode')}`}
                  aria-describedby={errors.barcode ? `${id('barcode')}-error` : `${id('barcode')}-hint`}
                  aria-invalid={errors.barcode ? true : undefined}
                />
              </Field>
            </div>
          </div>
          <div>
            <button
              type="button"
              onClick={() => onSizesChange([...rows, EMPTY_SIZE_ROW])}
              className="min-h-11 rounded border border-primary/50 px-4 text-sm font-medium text-primary-dull hover:bg-primary/10"
            >
              + Add a pack size
            </button>
            <p className="mt-1 text-xs text-gray-500">Sell it in several sizes (500 g, 1 kg, 5 kg), each with its own price and stock.</p>
          </div>
        </>
      )}
      <Field id={id('hsn')} label="HSN code" hint="Optional: 4 to 8 digits, printed on tax invoices (e.g. 0702 for tomatoes)." error={errors.hsn}>
        <input
          id={id('hsn')}
          type="text"
          inputMode="numeric"
          value={values.hsn ?? ''}
          onChange={(event) => onChange('hsn', event.target.value)}
          placeholder="Optional"
          maxLength={8}
          className={`${inputClass} ${border('hsn')}`}
          aria-describedby={errors.hsn ? `${id('hsn')}-error` : `${id('hsn')}-hint`}
          aria-invalid={errors.hsn ? true : undefined}
        />
      </Field>
      <div className="flex flex-wrap gap-5">
        {!severalSizes && (
          <div className="min-w-32 flex-1">
            <Field id={id('stock')} label="Units in stock" hint="Leave empty not to count this product." error={errors.stock}>
              <input
                id={id('stock')}
                type="number"
                inputMode="numeric"
                min="0"
                step="1"
                value={values.stock}
                onChange={(event) => onChange('stock', event.target.value)}
                placeholder="Not counted"
                className={`${inputClass} ${border('stock')}`}
                aria-describedby={errors.stock ? `${id('stock')}-error` : `${id('stock')}-hint`}
                aria-invalid={errors.stock ? true : undefined}
              />
            </Field>
          </div>
        )}
        <div className="min-w-32 flex-1">
          <Field id={id('lowStockThreshold')} label="Running low at" hint="Units; 5 if left empty." error={errors.lowStockThreshold}>
            <input
              id={id('lowStockThreshold')}
              type="number"
              inputMode="numeric"
              min="0"
              step="1"
              value={values.lowStockThreshold}
              onChange={(event) => onChange('lowStockThreshold', event.target.value)}
              placeholder="5"
              className={`${inputClass} ${border('lowStockThreshold')}`}
              aria-describedby={errors.lowStockThreshold ? `${id('lowStockThreshold')}-error` : `${id('lowStockThreshold')}-hint`}
              aria-invalid={errors.lowStockThreshold ? true : undefined}
            />
          </Field>
        </div>
      </div>
      <Field
        id={id('searchWords')}
        label="Search words"
        hint={`Optional: other names shoppers type, separated by commas, e.g. a Hindi or local name or a brand (tamatar, tameta). At most ${MAX_SEARCH_WORDS}.`}
        error={errors.searchWords}
      >
        <input
          id={id('searchWords')}
          type="text"
          value={values.searchWords ?? ''}
          onChange={(event) => onChange('searchWords', event.target.value)}
          placeholder="Optional"
          className={`${inputClass} ${border('searchWords')}`}
          aria-describedby={errors.searchWords ? `${id('searchWords')}-error` : `${id('searchWords')}-hint`}
          aria-invalid={errors.searchWords ? true : undefined}
        />
      </Field>
    </>
  );
}

/**
 * The pack sizes of a product of several: one group per size (label, prices, how much it holds, stock) with its
 * remove button; two columns on phones, one line each from tablets up. 1 to MAX_PACK_SIZES rows.
 */
function PackSizeRows({
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

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-base font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
