import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES, type SellerStockView } from '@greencart/domain';
import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { toast } from '@/lib/toast';
import { useUpdateProduct, type Product } from '@/features/products';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { thumbnailOf } from '@/lib/product-urls';
import {
  buildProductUpdateFormData,
  productToForm,
  validateProductForm,
  withSizeRows,
  type PackSizeRow,
  type ProductErrors,
  type ProductFormValues,
} from '../product-form';
import { useShopGstRates } from '../api/get-shop-details';
import { firstProductError, PRODUCT_FIELDS, readableProductErrors } from '../product-errors';
import { moveSlot, type ImageSlot } from '../product-images';
import { ImagePickerTile } from './image-slot';
import { ProductFields } from './product-fields';
import { useObjectUrl } from './use-object-url';

let nextSlotId = 0;
const newSlot = (file: File): ImageSlot => ({ kind: 'new', file, id: `new-${++nextSlotId}` });
const slotKey = (slot: ImageSlot) => (slot.kind === 'existing' ? slot.url : slot.id);

/** The edit form in a modal dialog (native <dialog>: focus trap and Escape included). */
/** One toast for saving a product: success replaces an earlier refusal. */
const PRODUCT_TOAST = { id: 'product-form' };

export function EditProductDialog({ product, stock, onClose }: { product: Product; stock?: SellerStockView; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialogRef}
      onClose={onClose}
      onClick={onClick}
      aria-labelledby="edit-product-title"
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-2xl overflow-y-auto overscroll-contain rounded-lg bg-white p-0 shadow-xl backdrop:bg-black/50"
    >
      <EditProductForm product={product} stock={stock} onDone={onClose} />
    </dialog>
  );
}

function EditProductForm({ product, stock, onDone }: { product: Product; stock?: SellerStockView; onDone: () => void }) {
  const [initial] = useState<ProductFormValues>(() => productToForm(product, stock));
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [slots, setSlots] = useState<ImageSlot[]>(() => product.image.map((url) => ({ kind: 'existing', url })));
  const [errors, setErrors] = useState<ProductErrors>({});
  const update = useUpdateProduct();
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

  const changeSlots = (next: ImageSlot[]) => {
    setSlots(next);
    if (errors.images && next.length >= 1) setErrors(({ images: _fixed, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProductForm(values, slots.length);
    setErrors(found);
    const problem = firstProductError(found);
    if (problem) {
      toast.error(problem, PRODUCT_TOAST);
      return;
    }
    update.mutate(
      { id: product._id, form: buildProductUpdateFormData(values, slots, initial) },
      {
        onSuccess: () => {
          toast.success('Product updated', PRODUCT_TOAST);
          onDone();
        },
        onError: (error) => {
          const fromServer = readableProductErrors(fieldErrors(error, PRODUCT_FIELDS, 'productData.'));
          setErrors(fromServer);
          toast.error(firstProductError(fromServer) ?? errorMessage(error), PRODUCT_TOAST);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5 p-4 text-gray-600 sm:p-6 md:p-8">
      <div className="flex items-start justify-between gap-3">
        <h2 id="edit-product-title" className="text-xl font-medium text-gray-800">
          Edit {product.name}
        </h2>
        <button
          type="button"
          onClick={onDone}
          aria-label="Close"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded text-2xl leading-none hover:bg-gray-100"
        >
          ×
        </button>
      </div>

      <fieldset aria-describedby={`${idPrefix}-images-note`}>
        <legend className="text-base font-medium">Product Image</legend>
        <ol className="mt-2 flex flex-wrap gap-3">
          {slots.map((slot, index) => (
            <EditImageSlot
              key={slotKey(slot)}
              slot={slot}
              index={index}
              count={slots.length}
              onReplace={(file) => changeSlots(slots.map((existing, i) => (i === index ? newSlot(file) : existing)))}
              onRemove={() => changeSlots(slots.filter((_, i) => i !== index))}
              onMove={(step) => changeSlots(moveSlot(slots, index, step))}
            />
          ))}
          {slots.length < MAX_PRODUCT_IMAGES && (
            <li>
              <ImagePickerTile label="Add image" onPick={(file) => changeSlots([...slots, newSlot(file)])} />
            </li>
          )}
        </ol>
        <p id={`${idPrefix}-images-note`} className={`mt-2 text-xs ${errors.images ? 'text-red-600' : 'text-gray-500'}`}>
          {errors.images ??
            `1 to ${MAX_PRODUCT_IMAGES} pictures, under ${MAX_IMAGE_MB} MB each; the first one is shown on cards. Removed pictures are deleted when you save.`}
        </p>
      </fieldset>

      <ProductFields idPrefix={idPrefix} values={values} errors={errors} onChange={change} onSizesChange={changeSizes} gstRates={gstRates} />

      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-3 border-t border-gray-200 bg-white px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:p-0">
        <button
          type="submit"
          disabled={update.isPending}
          aria-busy={update.isPending}
          className="min-h-11 rounded bg-primary px-8 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70"
        >
          {update.isPending ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" onClick={onDone} className="min-h-11 rounded border border-gray-300 px-6 font-medium hover:bg-gray-50">
          Cancel
        </button>
      </div>
    </form>
  );
}

function EditImageSlot({
  slot,
  index,
  count,
  onReplace,
  onRemove,
  onMove,
}: {
  slot: ImageSlot;
  index: number;
  count: number;
  onReplace: (file: File) => void;
  onRemove: () => void;
  onMove: (step: -1 | 1) => void;
}) {
  const newPreview = useObjectUrl(slot.kind === 'new' ? slot.file : null);
  const preview = slot.kind === 'existing' ? thumbnailOf(slot.url) : newPreview;
  const position = index + 1;
  const small = 'min-h-11 min-w-11 rounded px-1.5 text-xs hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <li className="flex flex-col items-center gap-1">
      <ImagePickerTile label={`Replace image ${position}`} preview={preview} onPick={onReplace}>
        {slot.kind === 'new' && <span className="absolute top-1 left-1 rounded bg-primary px-1 text-[10px] text-white">New</span>}
      </ImagePickerTile>
      <div className="flex items-center gap-0.5">
        <button type="button" onClick={() => onMove(-1)} disabled={index === 0} aria-label={`Move image ${position} left`} className={small}>
          ←
        </button>
        <button type="button" onClick={onRemove} aria-label={`Remove image ${position}`} className={`${small} text-red-600`}>
          Remove
        </button>
        <button type="button" onClick={() => onMove(1)} disabled={index === count - 1} aria-label={`Move image ${position} right`} className={small}>
          →
        </button>
      </div>
    </li>
  );
}
