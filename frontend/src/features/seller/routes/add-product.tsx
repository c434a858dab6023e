import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@greencart/domain';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useAddProduct, useProducts } from '@/features/products';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { useShopGstRates } from '../api/get-shop-details';
import { ImagePickerTile } from '../components/image-slot';
import { ProductFields } from '../components/product-fields';
import { useObjectUrl } from '../components/use-object-url';
import {
  buildProductFormData,
  EMPTY_PRODUCT_FORM,
  validateProductForm,
  withSizeRows,
  type PackSizeRow,
  type ProductErrors,
  type ProductFormValues,
} from '../product-form';
import { firstProductError, PRODUCT_FIELDS, readableProductErrors } from '../product-errors';

const NO_FILES: (File | null)[] = Array.from({ length: MAX_PRODUCT_IMAGES }, () => null);

/** /seller/add-product: a glance at the catalogue, then the Add Product form. */
/** One toast for saving a product: success replaces an earlier refusal. */
const PRODUCT_TOAST = { id: 'product-form' };

export function AddProductRoute() {
  return (
    <div className="max-w-2xl">
      <title>Add product · GreenCart seller</title>
      <CatalogueGlance />
      <AddProductForm />
    </div>
  );
}

/** Counts from the paginated API (one product per request is enough to read the totals). */
function CatalogueGlance() {
  const all = useProducts({ limit: 1 });
  const inStock = useProducts({ limit: 1, inStock: true });
  if (!all.data || !inStock.data) return null;
  const total = all.data.total;
  const available = inStock.data.total;
  return (
    <dl className="mb-8 flex flex-wrap gap-x-8 gap-y-2 rounded-md border border-gray-200 bg-gray-50 px-5 py-3 text-sm text-gray-600">
      <div className="flex gap-2">
        <dt>Products</dt>
        <dd className="font-semibold text-gray-800" data-testid="seller-product-count">
          {total.toLocaleString('en-IN')}
        </dd>
      </div>
      <div className="flex gap-2">
        <dt>In stock</dt>
        <dd className="font-semibold text-gray-800">{available.toLocaleString('en-IN')}</dd>
      </div>
      <div className="flex gap-2">
        <dt>Out of stock</dt>
        <dd className="font-semibold text-gray-800">{Math.max(0, total - available).toLocaleString('en-IN')}</dd>
      </div>
    </dl>
  );
}

function AddProductForm() {
  const [values, setValues] = useState<ProductFormValues>(EMPTY_PRODUCT_FORM);
  const [files, setFiles] = useState<(File | null)[]>(NO_FILES);
  const [errors, setErrors] = useState<ProductErrors>({});
  const addProduct = useAddProduct();
  const gstRates = useShopGstRates();
  const idPrefix = useId();

  const change = (field: keyof ProductFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const changeSizes = (rows: PackSizeRow[]) => {
    setValues((current) => withSizeRows(current, rows));
    // The rows' own problem, and the first row's (its prices, stock and codes are the single-size fields).
    setErrors(({ sizes: _sizes, price: _price, offerPrice: _offer, weight: _weight, stock: _stock, sku: _sku, barcode: _barcode, ...rest }) => rest);
  };

  const setFile = (index: number, file: File | null) => {
    setFiles((current) => current.map((existing, i) => (i === index ? file : existing)));
    if (file && errors.images) setErrors(({ images: _fixed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = files.filter((file): file is File => file !== null);
    const found = validateProductForm(values, chosen.length);
    setErrors(found);
    const problem = firstProductError(found);
    if (problem) {
      toast.error(problem, PRODUCT_TOAST);
      return;
    }
    addProduct.mutate(buildProductFormData(values, chosen), {
      onSuccess: () => {
        toast.success('Product added', PRODUCT_TOAST);
        setValues(EMPTY_PRODUCT_FORM);
        setFiles(NO_FILES);
        setErrors({});
      },
      onError: (error) => {
        const fromServer = readableProductErrors(fieldErrors(error, PRODUCT_FIELDS, 'productData.'));
        setErrors(fromServer);
        toast.error(firstProductError(fromServer) ?? errorMessage(error), PRODUCT_TOAST);
      },
    });
  };

  return (
    <section aria-labelledby={`${idPrefix}-heading`}>
      <h1 id={`${idPrefix}-heading`} className="text-2xl font-medium text-gray-800">
        Add Product
      </h1>
      <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-5 text-gray-600">
        <fieldset aria-describedby={`${idPrefix}-images-note`}>
          <legend className="text-base font-medium">Product Image</legend>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {files.map((file, index) => (
              <AddImageSlot key={index} index={index} file={file} onChange={(next) => setFile(index, next)} />
            ))}
          </div>
          <p id={`${idPrefix}-images-note`} className={`mt-2 text-xs ${errors.images ? 'text-red-600' : 'text-gray-500'}`}>
            {errors.images ??
              `1 to ${MAX_PRODUCT_IMAGES} pictures: JPEG, PNG, WebP, AVIF or GIF, under ${MAX_IMAGE_MB} MB each. The first one is shown on cards.`}
          </p>
        </fieldset>

        <ProductFields idPrefix={idPrefix} values={values} errors={errors} onChange={change} onSizesChange={changeSizes} gstRates={gstRates} />

        <button
          type="submit"
          disabled={addProduct.isPending}
          aria-busy={addProduct.isPending}
          className="w-fit rounded bg-primary px-8 py-2.5 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          ADD
        </button>
        {addProduct.isPending && (
          <p role="status" className="text-sm text-gray-500">
            Uploading the product…
          </p>
        )}
      </form>
    </section>
  );
}

function AddImageSlot({ index, file, onChange }: { index: number; file: File | null; onChange: (file: File | null) => void }) {
  const preview = useObjectUrl(file);
  return (
    <div className="flex flex-col items-center gap-1">
      <ImagePickerTile label={file ? `Replace image ${index + 1}` : `Upload image ${index + 1}`} preview={preview} onPick={onChange} />
      {file ? (
        <button type="button" onClick={() => onChange(null)} className="text-xs text-red-600 hover:underline" aria-label={`Remove image ${index + 1}`}>
          Remove
        </button>
      ) : (
        <span className="text-xs text-gray-500" aria-hidden="true">
          Image {index + 1}
        </span>
      )}
    </div>
  );
}
