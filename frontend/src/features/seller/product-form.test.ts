import { MAX_PRODUCT_DESCRIPTION_LENGTH, MAX_PRODUCT_NAME_LENGTH, MAX_PRODUCT_WEIGHT_LENGTH } from '@greencart/domain';
import { describe, expect, it } from 'vitest';
import {
  buildProductFormData,
  sizeRows,
  toPackSizes,
  withSizeRows,
  buildProductUpdateFormData,
  EMPTY_PRODUCT_FORM,
  parseRupees,
  productToForm,
  toProductData,
  validateProductForm,
  type ProductFormValues,
} from './product-form';
import { firstProductError, readableProductErrors } from './product-errors';
import { checkImageContent, checkImageFile, imageFormatOf, moveSlot, planImageSlots, type ImageSlot } from './product-images';

const values: ProductFormValues = {
  name: ' Fresh Apples ',
  description: 'Crisp and sweet\n\n  Rich in fibre  \n',
  category: 'Fruits',
  price: '120',
  offerPrice: '99.50',
  weight: '1 kg',
  stock: '',
  lowStockThreshold: '',
};

const file = (name: string, type = 'image/png', size = 1000) => new File([new Uint8Array(size)], name, { type });

describe('product form checks', () => {
  it('accepts a complete product with one image', () => {
    expect(validateProductForm(values, 1)).toEqual({});
  });

  it('requires a name, both prices, a category and an image', () => {
    const errors = validateProductForm(EMPTY_PRODUCT_FORM, 0);
    expect(errors).toEqual({
      images: 'Please add at least 1 image',
      name: 'Product name is required',
      category: 'Please choose a category',
      price: 'Product price is required',
      offerPrice: 'Offer price is required',
    });
    expect(firstProductError(errors)).toBe('Please add at least 1 image');
  });

  it('allows at most 4 images', () => {
    expect(validateProductForm(values, 5).images).toBe('A product has at most 4 images');
    expect(validateProductForm(values, 4).images).toBeUndefined();
  });

  it('wants the offer price at most the price', () => {
    expect(validateProductForm({ ...values, offerPrice: '120.01' }, 1).offerPrice).toBe('Offer price must not be higher than the product price');
    expect(validateProductForm({ ...values, offerPrice: '120' }, 1)).toEqual({});
  });

  it('wants prices in rupees with at most 2 decimals', () => {
    expect(validateProductForm({ ...values, price: '12.345' }, 1).price).toBe('Product price can have at most 2 decimals');
    expect(validateProductForm({ ...values, price: '-3' }, 1).price).toBe('Product price must be more than ₹0 and at most ₹10,00,000');
    expect(validateProductForm({ ...values, price: '12 rupees' }, 1).price).toBe('Product price must be an amount in rupees, e.g. 49.50');
    expect(validateProductForm({ ...values, price: 'abc' }, 1).price).toBeDefined();
    expect(parseRupees('33.33')).toBe(33.33);
    expect(validateProductForm({ ...values, price: '0' }, 1).price).toBe('Product price must be more than ₹0 and at most ₹10,00,000');
    expect(validateProductForm({ ...values, price: '1000001', offerPrice: '5' }, 1).price).toBeDefined();
    expect(parseRupees('1e3')).toBeNull();
  });

  it("keeps the name, description and weight within the server's lengths", () => {
    expect(validateProductForm({ ...values, name: 'x'.repeat(MAX_PRODUCT_NAME_LENGTH + 1) }, 1).name).toBe(
      `Product name can be at most ${MAX_PRODUCT_NAME_LENGTH} characters`,
    );
    expect(validateProductForm({ ...values, description: 'x'.repeat(MAX_PRODUCT_DESCRIPTION_LENGTH + 1) }, 1).description).toBeDefined();
    // Blank lines are not sent, so they do not count.
    expect(validateProductForm({ ...values, description: `${'x'.repeat(MAX_PRODUCT_DESCRIPTION_LENGTH)}\n\n\n` }, 1).description).toBeUndefined();
    expect(validateProductForm({ ...values, weight: 'x'.repeat(MAX_PRODUCT_WEIGHT_LENGTH + 1) }, 1).weight).toBe(
      `Weight can be at most ${MAX_PRODUCT_WEIGHT_LENGTH} characters`,
    );
  });

  it('knows only the seven categories, by path value', () => {
    expect(validateProductForm({ ...values, category: 'Fresh Fruits' }, 1).category).toBeDefined();
    expect(validateProductForm({ ...values, category: 'Grains' }, 1).category).toBeUndefined();
  });
});

describe('product data sent', () => {
  it('trims, keeps one description line per bullet, and sends numbers', () => {
    expect(toProductData(values)).toEqual({
      name: 'Fresh Apples',
      description: 'Crisp and sweet\nRich in fibre',
      category: 'Fruits',
      price: 120,
      offerPrice: 99.5,
      weight: '1 kg',
    });
  });

  it('leaves out an empty weight', () => {
    expect(toProductData({ ...values, weight: '  ' })).not.toHaveProperty('weight');
    // An edit clears a removed weight instead of keeping the old one.
    expect(toProductData({ ...values, weight: '  ' }, 'edit')).toHaveProperty('weight', '');
  });

  it('builds the multipart body of a new product', () => {
    const files = [file('a.png'), file('b.jpg', 'image/jpeg')];
    const form = buildProductFormData(values, files);
    expect(JSON.parse(form.get('productData') as string)).toEqual(toProductData(values));
    const sent = form.getAll('image') as File[];
    expect(sent.map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
    expect(form.has('images')).toBe(false);
  });

  it('turns a product back into the form for editing', () => {
    const product = {
      _id: 'p',
      name: 'Milk',
      description: ['Fresh', 'Full cream'],
      category: 'Dairy',
      price: 60,
      offerPrice: 55.5,
      image: [],
      inStock: true,
      stock: null,
      variants: [{ _id: 'p', label: '1 l', price: 60, offerPrice: 55.5, stock: null, inStock: true }],
      createdAt: '',
      updatedAt: '',
    };
    expect(productToForm(product)).toEqual({
      name: 'Milk',
      description: 'Fresh\nFull cream',
      category: 'Dairy',
      price: '60',
      offerPrice: '55.5',
      weight: '',
      hsn: '',
      stock: '',
      lowStockThreshold: '',
      firstSize: { _id: 'p', amount: '', unit: '' },
      moreSizes: [],
    });
    expect(productToForm({ ...product, hsn: '0401' }).hsn).toBe('0401');
    const counted = { productId: 'p', listed: true, onHand: 12, held: 2, available: 10, lowStockThreshold: 5, runningLow: false };
    expect(productToForm({ ...product, stock: 10 }, counted)).toMatchObject({ stock: '12', lowStockThreshold: '5' });
  });

  it('checks and sends the HSN code: 4 to 8 digits, optional; an edit sends "" to remove it', () => {
    expect(validateProductForm({ ...values, hsn: '0702' }, 1)).toEqual({});
    expect(validateProductForm({ ...values, hsn: ' ' }, 1)).toEqual({});
    for (const hsn of ['070', '070200001', '07a2']) expect(validateProductForm({ ...values, hsn }, 1).hsn).toBe('HSN code must be 4 to 8 digits, e.g. 0702');
    expect(toProductData({ ...values, hsn: ' 0702 ' })).toMatchObject({ hsn: '0702' });
    expect(toProductData({ ...values, hsn: '' })).not.toHaveProperty('hsn');
    expect(toProductData(values)).not.toHaveProperty('hsn');
    expect(toProductData({ ...values, hsn: '' }, 'edit')).toMatchObject({ hsn: '' });
    expect(toProductData(values, 'edit')).not.toHaveProperty('hsn');
    expect(readableProductErrors({ hsn: 'hsn must be 4 to 8 digits (the product’s HSN code)' })).toEqual({
      hsn: 'HSN code must be 4 to 8 digits (the product’s HSN code)',
    });
  });

  it('sends the GST rate (issue 54): a new product the rate chosen; an edit the rate changed, null for "Not set"', () => {
    expect(toProductData({ ...values, gstRate: '5' })).toMatchObject({ gstRate: 5 });
    expect(toProductData({ ...values, gstRate: '0.25' })).toMatchObject({ gstRate: 0.25 });
    expect(toProductData({ ...values, gstRate: '' })).not.toHaveProperty('gstRate');
    expect(toProductData(values)).not.toHaveProperty('gstRate');
    const rated = { ...values, gstRate: '18' };
    expect(toProductData(rated, 'edit', rated)).not.toHaveProperty('gstRate');
    expect(toProductData({ ...rated, gstRate: '5' }, 'edit', rated)).toMatchObject({ gstRate: 5 });
    expect(toProductData({ ...rated, gstRate: '' }, 'edit', rated)).toMatchObject({ gstRate: null });
    // A product without one, opened and saved as it is: nothing said about the rate.
    expect(toProductData(values, 'edit', values)).not.toHaveProperty('gstRate');
    expect(toProductData({ ...values, gstRate: '5' }, 'edit', values)).toMatchObject({ gstRate: 5 });
    const product = {
      _id: 'p',
      name: 'Milk',
      description: [],
      category: 'Dairy',
      price: 60,
      offerPrice: 55,
      image: [],
      inStock: true,
      stock: null,
      variants: [{ _id: 'p', label: '1 l', price: 60, offerPrice: 55, stock: null, inStock: true }],
      createdAt: '',
      updatedAt: '',
    };
    expect(productToForm({ ...product, gstRate: 5 }).gstRate).toBe('5');
    expect(productToForm(product)).not.toHaveProperty('gstRate');
    expect(readableProductErrors({ gstRate: "gstRate 12% is not one of the shop's GST rates: 0%, 5%, 18%" })).toEqual({
      gstRate: "GST rate 12% is not one of the shop's GST rates: 0%, 5%, 18%",
    });
  });

  it('sends the count when adding, and when editing only if the seller changed it', () => {
    expect(toProductData({ ...values, stock: '7', lowStockThreshold: '2' })).toMatchObject({ stock: 7, lowStockThreshold: 2 });
    expect(toProductData(values)).not.toHaveProperty('stock');
    const opened = { ...values, stock: '12', lowStockThreshold: '5' };
    expect(toProductData(opened, 'edit', opened)).not.toHaveProperty('stock');
    expect(toProductData({ ...opened, stock: '20' }, 'edit', opened)).toMatchObject({ stock: 20 });
    // Emptied: stop counting.
    expect(toProductData({ ...opened, stock: '' }, 'edit', opened)).toMatchObject({ stock: null });
    expect(validateProductForm({ ...values, stock: '2.5' }, 1).stock).toMatch(/whole number/);
    expect(validateProductForm({ ...values, stock: '100001' }, 1).stock).toMatch(/whole number/);
    expect(validateProductForm({ ...values, stock: '-1' }, 1).stock).toMatch(/whole number/);
  });
});

describe('image files', () => {
  it('accepts JPEG, PNG, WebP, AVIF and GIF under 5 MB', () => {
    expect(checkImageFile(file('a.webp', 'image/webp'))).toBeNull();
    expect(checkImageFile(file('a.avif', 'image/avif'))).toBeNull();
    expect(checkImageFile(file('a.svg', 'image/svg+xml'))).toMatch(/not a JPEG/);
    expect(checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toMatch(/larger than 5 MB/);
  });
});

describe('edit image slots', () => {
  const a = file('a.png');
  const b = file('b.png');
  const slots: ImageSlot[] = [
    { kind: 'existing', url: '/api/images/1' },
    { kind: 'new', file: a, id: 'n1' },
    { kind: 'existing', url: '/api/images/2' },
    { kind: 'new', file: b, id: 'n2' },
  ];

  it('lists kept URLs and new:N in the final order, N counting uploaded files from 0', () => {
    expect(planImageSlots(slots)).toEqual({ images: ['/api/images/1', 'new:0', '/api/images/2', 'new:1'], files: [a, b] });
  });

  it('numbers new files in the order they appear after reordering', () => {
    const reordered = moveSlot(slots, 3, -1);
    expect(planImageSlots(reordered)).toEqual({ images: ['/api/images/1', 'new:0', 'new:1', '/api/images/2'], files: [a, b] });
    expect(planImageSlots(moveSlot(slots, 1, -1)).images).toEqual(['new:0', '/api/images/1', '/api/images/2', 'new:1']);
  });

  it('moving past either end changes nothing', () => {
    expect(moveSlot(slots, 0, -1)).toEqual(slots);
    expect(moveSlot(slots, 3, 1)).toEqual(slots);
  });

  it('builds the multipart body of an edit', () => {
    const form = buildProductUpdateFormData(values, [slots[2]!, slots[3]!]);
    expect(JSON.parse(form.get('images') as string)).toEqual(['/api/images/2', 'new:0']);
    expect((form.getAll('image') as File[]).map((f) => f.name)).toEqual(['b.png']);
    expect(JSON.parse(form.get('productData') as string).name).toBe('Fresh Apples');
  });
});

describe('the first bytes of a picked picture', () => {
  const bytes = (...parts: (string | number[])[]) =>
    new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

  it('tells JPEG, PNG, GIF, WebP and AVIF apart from anything else', () => {
    expect(imageFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormatOf(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png');
    expect(imageFormatOf(bytes('GIF89a'))).toBe('gif');
    expect(imageFormatOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp');
    expect(imageFormatOf(bytes([0, 0, 0, 0x1c], 'ftypavif'))).toBe('avif');
    expect(imageFormatOf(bytes('<svg xmlns="http'))).toBeNull();
    expect(imageFormatOf(bytes([0x89], 'PNX'))).toBeNull();
    expect(imageFormatOf(new Uint8Array())).toBeNull();
  });

  it('refuses a random-bytes ".png" by name, before any preview', async () => {
    const fake = new File([new Uint8Array([0x13, 0x37, 0x42, 0x00, 0x99, 0x12, 0x55, 0x01])], 'holiday.png', { type: 'image/png' });
    expect(checkImageFile(fake)).toBeNull();
    expect(await checkImageContent(fake)).toBe('holiday.png is not a picture: its content is not JPEG, PNG, WebP, AVIF or GIF');
    const real = new File([bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13])], 'apples.png', { type: 'image/png' });
    expect(await checkImageContent(real)).toBeNull();
  });
});

describe('pack sizes in the product form', () => {
  const atta: ProductFormValues = { ...values, name: 'Aashirvaad Atta', category: 'Grains', price: '70', offerPrice: '62', weight: '1 kg' };
  const rows = [
    ...sizeRows(atta),
    { label: '5 kg', price: '300', offerPrice: '265', amount: '5', unit: 'kg' as const, stock: '12' },
    { label: '10 kg', price: '560', offerPrice: '499', amount: '', unit: '' as const, stock: '' },
  ];

  it('a single size is sent as today: price, offer price, weight and stock, without variants', () => {
    const data = toProductData(atta);
    expect(data).not.toHaveProperty('variants');
    expect(data).toMatchObject({ price: 70, offerPrice: 62, weight: '1 kg' });
  });

  it('several sizes are sent as variants in the order of the rows, the first from the price fields', () => {
    const form = withSizeRows(atta, rows);
    expect(validateProductForm(form, 1)).toEqual({});
    const data = toProductData(form);
    expect(data).not.toHaveProperty('weight');
    expect(data).not.toHaveProperty('stock');
    expect(data.variants).toEqual([
      { label: '1 kg', price: 70, offerPrice: 62 },
      { label: '5 kg', price: 300, offerPrice: 265, size: { amount: 5, unit: 'kg' }, stock: 12 },
      { label: '10 kg', price: 560, offerPrice: 499 },
    ]);
    expect(JSON.parse(buildProductFormData(form, [file('a.png')]).get('productData') as string).variants).toHaveLength(3);
  });

  it("checks the sizes with the domain's rules (labels, prices, one label once)", () => {
    const noLabel = withSizeRows(atta, [rows[0]!, { ...rows[1]!, label: ' ' }]);
    expect(validateProductForm(noLabel, 1).sizes).toMatch(/Pack size 2 needs a label/);
    const twice = withSizeRows(atta, [rows[0]!, { ...rows[1]!, label: '1 KG' }]);
    expect(validateProductForm(twice, 1).sizes).toMatch(/Two pack sizes are labelled/);
    const dear = withSizeRows(atta, [rows[0]!, { ...rows[1]!, offerPrice: '301' }]);
    expect(validateProductForm(dear, 1).sizes).toBe('The offer price of "5 kg" must not be higher than its price');
    const badStock = withSizeRows(atta, [rows[0]!, { ...rows[1]!, stock: '2.5' }]);
    expect(validateProductForm(badStock, 1).sizes).toMatch(/The stock of "5 kg"/);
    expect(firstProductError(validateProductForm(noLabel, 1))).toMatch(/Pack size 2/);
  });

  it('keeps at most 8 sizes', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ ...rows[2]!, label: `${i + 1} kg` }));
    expect(sizeRows(withSizeRows(atta, many))).toHaveLength(8);
  });

  it('fills the edit form with each size and its count, and sends the ids back; a removed size is left out', () => {
    const product = {
      _id: 'p1',
      name: 'Aashirvaad Atta',
      description: [],
      category: 'Grains',
      price: 70,
      offerPrice: 62,
      weight: '1 kg',
      image: [],
      inStock: true,
      stock: null,
      variants: [
        { _id: 'v1', label: '1 kg', price: 70, offerPrice: 62, size: { amount: 1, unit: 'kg' as const }, stock: null, inStock: true },
        { _id: 'v5', label: '5 kg', price: 300, offerPrice: 265, stock: 10, inStock: true },
      ],
      createdAt: '',
      updatedAt: '',
    };
    const counted = {
      productId: 'p1',
      listed: true,
      onHand: null,
      held: 0,
      available: null,
      lowStockThreshold: 5,
      runningLow: false,
      variants: [
        { variantId: 'v1', label: '1 kg', listed: true, onHand: null, held: 0, available: null, lowStockThreshold: 5, runningLow: false },
        { variantId: 'v5', label: '5 kg', listed: true, onHand: 12, held: 2, available: 10, lowStockThreshold: 5, runningLow: false },
      ],
    };
    const form = productToForm(product, counted);
    expect(sizeRows(form)).toEqual([
      { _id: 'v1', label: '1 kg', price: '70', offerPrice: '62', amount: '1', unit: 'kg', stock: '' },
      { _id: 'v5', label: '5 kg', price: '300', offerPrice: '265', amount: '', unit: '', stock: '12' },
    ]);
    // Unchanged counts are not sent (orders meanwhile are not undone); a changed one is.
    expect(toPackSizes(form, 'edit', form)).toEqual([
      { _id: 'v1', label: '1 kg', price: 70, offerPrice: 62, size: { amount: 1, unit: 'kg' } },
      { _id: 'v5', label: '5 kg', price: 300, offerPrice: 265 },
    ]);
    const oneLeft = withSizeRows(form, [{ ...sizeRows(form)[1]!, stock: '20' }]);
    // Down to one size: still sent as variants, so the removed size goes.
    expect(toProductData(oneLeft, 'edit', form).variants).toEqual([{ _id: 'v5', label: '5 kg', price: 300, offerPrice: 265, stock: 20 }]);
  });

  it("reads the server's message about the sizes as the form's", () => {
    expect(readableProductErrors({ variants: 'variants must contain at most 8 elements' })).toEqual({ sizes: 'Pack sizes must contain at most 8 elements' });
  });
});

describe('SKU and barcode of each pack size', () => {
  const atta: ProductFormValues = { ...values, name: 'Aashirvaad Atta', category: 'Grains', price: '70', offerPrice: '62', weight: '1 kg' };
  const withCodes = (form: ProductFormValues, sku: string, barcode: string) =>
    withSizeRows(form, [{ ...sizeRows(form)[0]!, sku, barcode }, ...sizeRows(form).slice(1)]);

  it('a single size with codes is sent as its one size, with them; empty ones are left out', () => {
    const form = withCodes(atta, ' ATTA-1KG ', '8901030865275');
    expect(validateProductForm(form, 1)).toEqual({});
    expect(toProductData(form).variants).toEqual([{ label: '1 kg', price: 70, offerPrice: 62, sku: 'ATTA-1KG', barcode: '8901030865275' }]);
    expect(toProductData(withCodes(atta, 'ATTA-1KG', '')).variants).toEqual([{ label: '1 kg', price: 70, offerPrice: 62, sku: 'ATTA-1KG' }]);
    // Without codes: as before, no variants.
    expect(toProductData(withCodes(atta, '', ''))).not.toHaveProperty('variants');
  });

  it('checks them under the SKU and Barcode fields of a single size', () => {
    const errors = validateProductForm(withCodes(atta, 'ATTA 1KG', '8901030865279'), 1);
    expect(errors).toEqual({
      sku: "SKU can have only letters, digits, '-', '_' and '.' (no spaces)",
      barcode: 'Barcode has a wrong last (check) digit: check it was typed right',
    });
    expect(firstProductError(errors)).toBe(errors.sku);
    // A size is sent with a label: the single size's is its weight.
    expect(validateProductForm(withCodes({ ...atta, weight: '' }, 'ATTA', ''), 1).weight).toMatch(/Type the weight or pack/);
  });

  it('several sizes: names the size with a wrong code, and a code used twice', () => {
    const two = withSizeRows(atta, [
      { ...sizeRows(atta)[0]!, sku: 'ATTA-1' },
      { label: '5 kg', price: '300', offerPrice: '265', amount: '', unit: '', stock: '', sku: 'ATTA-5', barcode: '123' },
    ]);
    expect(validateProductForm(two, 1).sizes).toBe('The barcode of "5 kg" must be 8, 12 or 13 digits (EAN-8, UPC-A or EAN-13)');
    const twice = withSizeRows(two, [sizeRows(two)[0]!, { ...sizeRows(two)[1]!, sku: 'atta-1', barcode: '' }]);
    expect(validateProductForm(twice, 1).sizes).toBe('Two pack sizes have the SKU "atta-1": each must be different');
    const fine = withSizeRows(two, [sizeRows(two)[0]!, { ...sizeRows(two)[1]!, barcode: '96385074' }]);
    expect(validateProductForm(fine, 1)).toEqual({});
    expect(toProductData(fine).variants).toEqual([
      { label: '1 kg', price: 70, offerPrice: 62, sku: 'ATTA-1' },
      { label: '5 kg', price: 300, offerPrice: 265, sku: 'ATTA-5', barcode: '96385074' },
    ]);
  });

  it('an edit shows the codes and sends them back; one emptied is sent as null (left out would keep it)', () => {
    const product = {
      _id: 'p1',
      name: 'Milk',
      description: [],
      category: 'Dairy',
      price: 60,
      offerPrice: 55,
      weight: '1 l',
      image: [],
      inStock: true,
      stock: null,
      variants: [{ _id: 'p1', label: '1 l', price: 60, offerPrice: 55, stock: null, inStock: true, sku: 'MILK-1L', barcode: '96385074' }],
      createdAt: '',
      updatedAt: '',
    };
    const form = productToForm(product);
    expect(sizeRows(form)[0]).toMatchObject({ sku: 'MILK-1L', barcode: '96385074' });
    // Unchanged: sent back as they are.
    expect(toProductData(form, 'edit', form).variants).toEqual([{ _id: 'p1', label: '1 l', price: 60, offerPrice: 55, sku: 'MILK-1L', barcode: '96385074' }]);
    const cleared = withCodes(form, '', '');
    expect(toProductData(cleared, 'edit', form).variants).toEqual([{ _id: 'p1', label: '1 l', price: 60, offerPrice: 55, sku: null, barcode: null }]);
  });
});
