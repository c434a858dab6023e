import { CATEGORIES, MAX_PRODUCT_NAME_LENGTH, MAX_PRODUCT_WEIGHT_LENGTH, MAX_SEARCH_WORDS } from '@greencart/domain';
import type { ReactNode } from 'react';
import { MAX_SKU_LENGTH } from '../pack-codes';
import { EMPTY_SIZE_ROW, sizeRows, type PackSizeRow, type ProductErrors, type ProductFormValues } from '../product-form';
import { PackSizeRows } from './pack-size-rows';

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
  gstRates,
}: {
  idPrefix: string;
  values: ProductFormValues;
  errors: ProductErrors;
  onChange: (
    field: 'name' | 'description' | 'category' | 'price' | 'offerPrice' | 'weight' | 'stock' | 'lowStockThreshold' | 'searchWords' | 'hsn' | 'gstRate',
    value: string,
  ) => void;
  /** The shop's GST rates (percent), the choices of 'GST rate'. */
  gstRates: readonly number[];
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
      <Field
        id={id('gstRate')}
        label="GST rate"
        hint="The GST inside its price, for all its sizes. While the shop is registered for GST, a product without one cannot be sold."
        error={errors.gstRate}
      >
        <select
          id={id('gstRate')}
          value={values.gstRate ?? ''}
          onChange={(event) => onChange('gstRate', event.target.value)}
          className={`${inputClass} bg-white ${border('gstRate')}`}
          aria-describedby={errors.gstRate ? `${id('gstRate')}-error` : `${id('gstRate')}-hint`}
          aria-invalid={errors.gstRate ? true : undefined}
        >
          <option value="">Not set</option>
          {gstRateChoices(gstRates, values.gstRate).map(({ rate, listed }) => (
            <option key={rate} value={String(rate)}>
              {listed ? `${rate}%` : `${rate}% (not in the shop’s rates)`}
            </option>
          ))}
        </select>
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

/** The shop's rates, and the product's own when the shop no longer lists it (so the form shows what it has). */
function gstRateChoices(shopRates: readonly number[], current: string | undefined): { rate: number; listed: boolean }[] {
  const choices = shopRates.map((rate) => ({ rate, listed: true }));
  const own = current?.trim() ? Number(current) : Number.NaN;
  if (Number.isFinite(own) && !shopRates.includes(own)) choices.push({ rate: own, listed: false });
  return choices;
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
