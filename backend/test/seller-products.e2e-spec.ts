import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AUTH_ENV, seller, shopper, VALID_ADDRESS, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';
import type { ProductView } from '../src/products/products.service';

const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, AVIF or GIF images are allowed';
const MB = 1024 * 1024;

/** A small picture with some detail, in the given format. */
async function picture(format: 'png' | 'jpeg' | 'webp' = 'png', width = 120, height = 90, hue = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue}, 60%, 45%)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="hsl(${(hue + 180) % 360}, 70%, 60%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

interface Upload {
  buffer: Buffer;
  filename?: string;
  contentType?: string;
  field?: string;
}

interface ProductForm {
  /** Sent as JSON unless already a string; left out when undefined. */
  productData?: unknown;
  /** `images` of an edit (JSON unless already a string). */
  images?: unknown;
  files?: Upload[];
  fields?: Record<string, string>;
}

const VALID = { name: 'Desi Tomatoes', description: 'Farm fresh\nRich in vitamin C', category: 'Vegetables', price: 45, offerPrice: 39.5, weight: '500 g' };

type Json = Record<string, unknown>;
/** A product as the API sends it (dates arrive as strings). */
type ProductBody = Omit<ProductView, 'createdAt' | 'updatedAt'>;

describe('seller product management', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let asha: Agent;
  let png: Buffer;
  let jpeg: Buffer;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    sellerAgent = await seller(t);
    asha = (await shopper(t, 'Asha')).agent;
    [png, jpeg] = await Promise.all([picture('png', 300, 200, 20), picture('jpeg', 240, 240, 200)]);
  });
  afterAll(() => t.close());

  /** Products, and the images bucket's files and chunks (MediaService's bucket "images"). */
  const counts = async () => ({
    products: await t.connection.collection('products').countDocuments(),
    files: await t.connection.collection('images.files').countDocuments(),
    chunks: await t.connection.collection('images.chunks').countDocuments(),
  });

  function send(req: request.Test, form: ProductForm): request.Test {
    const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
    if (form.productData !== undefined) req = req.field('productData', text(form.productData));
    if (form.images !== undefined) req = req.field('images', text(form.images));
    for (const [name, value] of Object.entries(form.fields ?? {})) req = req.field(name, value);
    for (const file of form.files ?? []) {
      req = req.attach(file.field ?? 'image', file.buffer, { filename: file.filename ?? 'photo.png', contentType: file.contentType ?? 'image/png' });
    }
    return req;
  }

  const addProduct = (form: ProductForm, agent: Agent | null = sellerAgent) => send((agent ?? t.http()).post('/api/addproduct'), form);
  const editProduct = (id: string, form: ProductForm, agent: Agent | null = sellerAgent) => send((agent ?? t.http()).patch(`/api/products/${id}`), form);

  async function createProduct(data: Json = VALID, files: Buffer[] = [png, jpeg]): Promise<ProductBody> {
    const res = await addProduct({ productData: data, files: files.map((buffer) => ({ buffer })) }).expect(201);
    return res.body.product;
  }

  const storedImageIds = async () => (await t.connection.collection('images.files').find({ 'metadata.kind': 'image' }).toArray()).map((f) => String(f._id));
  const idOf = (url: string) => url.split('/').pop()!;

  async function expectImageGone(url: string) {
    await t.http().get(url).expect(404);
    await t.http().get(`${url}/thumb`).expect(404);
    const id = new Types.ObjectId(idOf(url));
    expect(await t.connection.collection('images.files').countDocuments({ $or: [{ _id: id }, { 'metadata.imageId': id }] })).toBe(0);
  }

  describe('POST /api/addproduct', () => {
    it('adds a product from a multipart form with a PNG and a JPEG; it is listed and its images are served', async () => {
      const before = await counts();
      const res = await addProduct({
        productData: { ...VALID, description: '  Farm fresh \n\n\r\n  Rich in vitamin C\r\nFrom Nashik  ' },
        files: [
          { buffer: png, filename: 'tomatoes.png', contentType: 'image/png' },
          { buffer: jpeg, filename: 'tomatoes.jpg', contentType: 'image/jpeg' },
        ],
      }).expect(201);
      expect(res.body).toEqual({ success: true, message: 'Product added', product: expect.any(Object) });
      const product: ProductBody = res.body.product;
      expect(product).toMatchObject({
        name: 'Desi Tomatoes',
        description: ['Farm fresh', 'Rich in vitamin C', 'From Nashik'],
        category: 'Vegetables',
        price: 45,
        offerPrice: 39.5,
        weight: '500 g',
        inStock: true,
      });
      expect(product.image).toHaveLength(2);
      for (const url of product.image) expect(url).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);

      const list = await t.http().get('/api/productList').expect(200);
      const listed = list.body.productsdata.find((p: ProductBody) => p._id === product._id);
      expect(listed.image).toEqual(product.image);
      for (const [index, url] of product.image.entries()) {
        const image = await t.http().get(url).expect(200);
        expect(image.headers['content-type']).toBe('image/webp');
        const meta = await sharp(image.body as Buffer).metadata();
        expect([meta.width, meta.height]).toEqual(index === 0 ? [300, 200] : [240, 240]);
        await t.http().get(`${url}/thumb`).expect(200);
      }
      // Each image is stored with its thumbnail.
      const after = await counts();
      expect(after.products).toBe(before.products + 1);
      expect(after.files).toBe(before.files + 4);
    });

    it('judges images by their content, not by their name or declared type', async () => {
      const res = await addProduct({
        productData: { ...VALID, name: 'Camera upload' },
        files: [{ buffer: jpeg, filename: 'IMG_0001.bin', contentType: 'application/octet-stream' }],
      }).expect(201);
      expect(res.body.product.image).toHaveLength(1);
    });

    it('keeps weight and description optional', async () => {
      const { weight: _weight, description: _description, ...required } = VALID;
      const res = await addProduct({ productData: { ...required, weight: '   ' }, files: [{ buffer: png }] }).expect(201);
      expect(res.body.product.description).toEqual([]);
      expect(res.body.product).not.toHaveProperty('weight');
    });

    const tooLong = (length: number) => 'x'.repeat(length);
    const cases: Array<[string, () => Promise<ProductForm>, string | RegExp]> = [
      [
        'a text file renamed .png (after a valid image)',
        async () => ({ productData: VALID, files: [{ buffer: png }, { buffer: Buffer.from('just some notes, not a picture'), filename: 'notes.png' }] }),
        NOT_AN_IMAGE,
      ],
      ['a PNG cut in half', async () => ({ productData: VALID, files: [{ buffer: png.subarray(0, Math.floor(png.length / 2)) }] }), NOT_AN_IMAGE],
      [
        'an SVG',
        async () => ({
          productData: VALID,
          files: [{ buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'), filename: 'a.svg', contentType: 'image/svg+xml' }],
        }),
        NOT_AN_IMAGE,
      ],
      [
        'a TIFF',
        async () => ({ productData: VALID, files: [{ buffer: await sharp(png).tiff().toBuffer(), filename: 'a.tiff', contentType: 'image/tiff' }] }),
        NOT_AN_IMAGE,
      ],
      ['5 files', async () => ({ productData: VALID, files: Array.from({ length: 5 }, () => ({ buffer: png })) }), 'At most 4 images'],
      [
        'a file over 5 MB',
        async () => ({ productData: VALID, files: [{ buffer: png }, { buffer: Buffer.alloc(6 * MB, 1) }] }),
        'Each image must be under 5 MB',
      ],
      ['a file of exactly 5 MB', async () => ({ productData: VALID, files: [{ buffer: Buffer.alloc(5 * MB, 1) }] }), 'Each image must be under 5 MB'],
      ['no file', async () => ({ productData: VALID, files: [] }), 'Add at least one image'],
      [
        'a file under another field',
        async () => ({ productData: VALID, files: [{ buffer: png }, { buffer: png, field: 'photo' }] }),
        /Unexpected file field "photo"/,
      ],
      [
        'an extra text field',
        async () => ({ productData: VALID, files: [{ buffer: png }], fields: { inStock: 'false' } }),
        'property inStock should not exist',
      ],
      [
        'productData sent twice',
        async () => ({ productData: VALID, files: [{ buffer: png }], fields: { productData: JSON.stringify(VALID) } }),
        'productData must be valid JSON',
      ],
      ['broken JSON', async () => ({ productData: '{"name": "Tomatoes",', files: [{ buffer: png }] }), 'productData must be valid JSON'],
      ['missing productData', async () => ({ files: [{ buffer: png }] }), 'productData must be valid JSON'],
      ['productData that is a list', async () => ({ productData: [VALID], files: [{ buffer: png }] }), 'productData must be a JSON object'],
      [
        'an unknown field in productData',
        async () => ({ productData: { ...VALID, inStock: false }, files: [{ buffer: png }] }),
        'property inStock should not exist',
      ],
      ['no name', async () => ({ productData: { ...VALID, name: undefined }, files: [{ buffer: png }] }), 'name is required'],
      ['a blank name', async () => ({ productData: { ...VALID, name: '   ' }, files: [{ buffer: png }] }), 'name is required'],
      [
        'a name of 121 characters',
        async () => ({ productData: { ...VALID, name: tooLong(121) }, files: [{ buffer: png }] }),
        'name must be at most 120 characters',
      ],
      ['no price', async () => ({ productData: { ...VALID, price: undefined }, files: [{ buffer: png }] }), 'price is required'],
      ['no offerPrice', async () => ({ productData: { ...VALID, offerPrice: undefined }, files: [{ buffer: png }] }), 'offerPrice is required'],
      [
        'offerPrice above price',
        async () => ({ productData: { ...VALID, price: 40, offerPrice: 40.01 }, files: [{ buffer: png }] }),
        'offerPrice must not be higher than price',
      ],
      [
        'a price with 3 decimals',
        async () => ({ productData: { ...VALID, price: 45.999 }, files: [{ buffer: png }] }),
        /^price must be a positive number of rupees with at most 2 decimals/,
      ],
      [
        'a tiny price in exponent notation',
        async () => ({ productData: { ...VALID, offerPrice: 1e-7 }, files: [{ buffer: png }] }),
        /^offerPrice must be a positive number of rupees/,
      ],
      ['a price of 0', async () => ({ productData: { ...VALID, price: 0, offerPrice: 0 }, files: [{ buffer: png }] }), /^price must be a positive number/],
      ['a negative offerPrice', async () => ({ productData: { ...VALID, offerPrice: -1 }, files: [{ buffer: png }] }), /^offerPrice must be a positive number/],
      ['a price given as text', async () => ({ productData: { ...VALID, price: '45' }, files: [{ buffer: png }] }), /^price must be a positive number/],
      [
        'a bad category',
        async () => ({ productData: { ...VALID, category: 'Snacks' }, files: [{ buffer: png }] }),
        'category must be one of Vegetables, Fruits, Drinks, Instant, Dairy, Bakery, Grains',
      ],
      ['a lower-case category', async () => ({ productData: { ...VALID, category: 'vegetables' }, files: [{ buffer: png }] }), /^category must be one of/],
      [
        'a weight of 41 characters',
        async () => ({ productData: { ...VALID, weight: tooLong(41) }, files: [{ buffer: png }] }),
        'weight must be at most 40 characters',
      ],
      [
        'a name with a text-direction override written as a JSON escape',
        async () => ({ productData: JSON.stringify({ ...VALID, name: 'NAME' }).replace('"NAME"', '"\\u202eEvil"'), files: [{ buffer: png }] }),
        'name contains control or text-direction characters that are not allowed',
      ],
      [
        'a description with a control character written as a JSON escape',
        async () => ({ productData: JSON.stringify({ ...VALID, description: 'DESC' }).replace('"DESC"', '"Bell\\u0007"'), files: [{ buffer: png }] }),
        'description contains control or text-direction characters that are not allowed',
      ],
      [
        'a description that is a list',
        async () => ({ productData: { ...VALID, description: ['a', 'b'] }, files: [{ buffer: png }] }),
        /^description must be text/,
      ],
    ];

    it.each(cases)('refuses %s with 400 and stores nothing', async (_name, build, message) => {
      const before = await counts();
      const res = await addProduct(await build()).expect(400);
      expect(res.body).toMatchObject({ success: false, message: typeof message === 'string' ? message : expect.stringMatching(message) });
      expect(await counts()).toEqual(before);
    });

    it('refuses a JSON body (not multipart) with 400', async () => {
      const before = await counts();
      const res = await sellerAgent.post('/api/addproduct').send({ productData: VALID }).expect(400);
      expect(res.body).toMatchObject({ success: false, message: 'productData must be valid JSON' });
      await sellerAgent.post('/api/addproduct').send({}).expect(400);
      expect(await counts()).toEqual(before);
    });

    it('refuses shoppers (403) and anonymous callers (401) and stores nothing', async () => {
      const before = await counts();
      const form = { productData: VALID, files: [{ buffer: png }] };
      expect((await addProduct(form, asha).expect(403)).body).toMatchObject({ success: false, message: 'This area is for the seller only' });
      expect((await addProduct(form, null).expect(401)).body.success).toBe(false);
      expect(await counts()).toEqual(before);
    });
  });

  describe('POST /api/changeStock', () => {
    let product: ProductBody;
    let addressId: string;

    beforeAll(async () => {
      product = await createProduct({ ...VALID, name: 'Stock Toggle Mangoes', category: 'Fruits' }, [png]);
      addressId = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
    });

    const inStockIds = async () => (await t.http().get('/api/products?inStock=true&limit=100').expect(200)).body.products.map((p: ProductBody) => p._id);
    const order = () =>
      asha
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address: addressId, items: [{ product: product._id, quantity: 1 }] });

    it('marks a product out of stock: still in the catalogue, gone from in-stock lists, cannot be ordered', async () => {
      const res = await sellerAgent.post('/api/changeStock').send({ id: product._id, inStock: false }).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Stock updated' });
      const all = await t.http().get('/api/productList').expect(200);
      expect(all.body.productsdata.find((p: ProductBody) => p._id === product._id)).toMatchObject({ inStock: false });
      expect(await inStockIds()).not.toContain(product._id);
      const refused = await order().expect(400);
      expect(refused.body).toMatchObject({ success: false, message: 'Stock Toggle Mangoes is out of stock' });
    });

    it('marks it back in stock through the spec path with its trailing slash', async () => {
      const res = await sellerAgent.post('/api/changeStock/').send({ id: product._id, inStock: true }).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Stock updated' });
      expect(await inStockIds()).toContain(product._id);
      await order().expect(201);
    });

    it.each<[Json, number, string]>([
      [{ id: 'nope', inStock: true }, 400, 'Invalid product id'],
      [{ id: { $gt: '' }, inStock: true }, 400, 'Invalid product id'],
      [{ inStock: true }, 400, 'Invalid product id'],
      [{ id: 'PRODUCT', inStock: 'false' }, 400, 'inStock must be true or false'],
      [{ id: 'PRODUCT' }, 400, 'Send inStock (true or false), stock (units, or null to stop counting) or lowStockThreshold'],
      [{ id: 'PRODUCT', inStock: false, name: 'x' }, 400, 'property name should not exist'],
      [{ id: 'aaaaaaaaaaaaaaaaaaaaaaaa', inStock: false }, 404, 'Product not found'],
    ])('refuses %j with %i', async (body, status, message) => {
      const sent = { ...body, ...(body.id === 'PRODUCT' ? { id: product._id } : {}) };
      const res = await sellerAgent.post('/api/changeStock').send(sent).expect(status);
      expect(res.body).toMatchObject({ success: false, message });
      expect((await t.http().get(`/api/products/${product._id}`).expect(200)).body.product.inStock).toBe(true);
    });

    it('refuses shoppers and anonymous callers', async () => {
      await asha.post('/api/changeStock').send({ id: product._id, inStock: false }).expect(403);
      await t.http().post('/api/changeStock/').send({ id: product._id, inStock: false }).expect(401);
      expect((await t.http().get(`/api/products/${product._id}`).expect(200)).body.product.inStock).toBe(true);
    });
  });

  describe('PATCH /api/products/:id', () => {
    let pictures: Buffer[];
    beforeAll(async () => {
      pictures = await Promise.all([10, 60, 110, 160, 210].map((hue) => picture('png', 80, 60, hue)));
    });

    const current = async (id: string): Promise<ProductBody> => (await t.http().get(`/api/products/${id}`).expect(200)).body.product;

    it('changes fields and keeps the images when `images` is left out', async () => {
      const product = await createProduct();
      const before = await counts();
      const res = await editProduct(product._id, {
        productData: { name: '  Hybrid Tomatoes ', description: 'Line A\n\n Line B ', category: 'Fruits', price: 50, offerPrice: 50, weight: '1 kg' },
      }).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Product updated', product: expect.any(Object) });
      expect(res.body.product).toMatchObject({
        _id: product._id,
        name: 'Hybrid Tomatoes',
        description: ['Line A', 'Line B'],
        category: 'Fruits',
        price: 50,
        offerPrice: 50,
        weight: '1 kg',
        image: product.image,
      });
      expect(await current(product._id)).toMatchObject({ name: 'Hybrid Tomatoes', image: product.image });
      expect(await counts()).toEqual(before);
    });

    it('takes the form exactly as the seller page sends it (all fields, images kept in order)', async () => {
      const product = await createProduct();
      const res = await editProduct(product._id, { productData: { ...VALID, name: 'Same again' }, images: product.image }).expect(200);
      expect(res.body.product.image).toEqual(product.image);
    });

    it('checks offerPrice against the price the product will have', async () => {
      const product = await createProduct({ ...VALID, price: 45, offerPrice: 40 });
      const before = await counts();
      const res = await editProduct(product._id, { productData: { offerPrice: 46 } }).expect(400);
      expect(res.body).toMatchObject({ success: false, message: 'offerPrice must not be higher than price' });
      await editProduct(product._id, { productData: { price: 39.99 } }).expect(400);
      expect(await current(product._id)).toMatchObject({ price: 45, offerPrice: 40 });
      // Raising both at once is fine.
      await editProduct(product._id, { productData: { price: 60, offerPrice: 46 } }).expect(200);
      expect(await counts()).toEqual(before);
    });

    it('removes the weight when it is sent empty', async () => {
      const product = await createProduct();
      const res = await editProduct(product._id, { productData: { weight: '' } }).expect(200);
      expect(res.body.product).not.toHaveProperty('weight');
    });

    it('reorders, removes and adds images; removed files are deleted from GridFS', async () => {
      const product = await createProduct(VALID, pictures.slice(0, 3));
      const [a, b, c] = product.image;
      const before = await counts();
      const res = await editProduct(product._id, {
        images: [c, 'new:0', a, 'new:1'],
        files: [{ buffer: pictures[3] }, { buffer: jpeg, filename: 'x.jpg', contentType: 'image/jpeg' }],
      }).expect(200);
      const image: string[] = res.body.product.image;
      expect(image).toHaveLength(4);
      expect(image[0]).toBe(c);
      expect(image[2]).toBe(a);
      expect([a, b, c]).not.toContain(image[1]);
      expect([a, b, c]).not.toContain(image[3]);
      expect((await current(product._id)).image).toEqual(image);
      // The second new file really is the JPEG (240 x 240), in its slot.
      expect(await sharp((await t.http().get(image[3]).expect(200)).body as Buffer).metadata()).toMatchObject({ width: 240, height: 240 });
      await expectImageGone(b);
      for (const url of image) await t.http().get(url).expect(200);
      const after = await counts();
      expect(after.files).toBe(before.files + 2 * 2 - 2);
      expect(after.products).toBe(before.products);
    });

    it('replaces every image', async () => {
      const product = await createProduct(VALID, pictures.slice(0, 2));
      const res = await editProduct(product._id, { images: ['new:0'], files: [{ buffer: pictures[4] }] }).expect(200);
      expect(res.body.product.image).toHaveLength(1);
      for (const url of product.image) await expectImageGone(url);
      expect(await storedImageIds()).toContain(idOf(res.body.product.image[0]));
    });

    describe('refuses a bad plan with 400 and changes and stores nothing', () => {
      let product: ProductBody;
      let other: ProductBody;
      beforeAll(async () => {
        product = await createProduct(VALID, pictures.slice(0, 2));
        other = await createProduct({ ...VALID, name: 'Someone else' }, [pictures[2]]);
      });

      const plans: Array<[string, (p: ProductBody) => ProductForm, string | RegExp]> = [
        [
          'an URL the product does not have',
          (p) => ({ images: [p.image[0], '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa'] }),
          'images lists an image this product does not have',
        ],
        ["another product's image", () => ({ images: [other.image[0]] }), 'images lists an image this product does not have'],
        ['a foreign URL', () => ({ images: ['https://example.com/tomato.png'] }), 'images lists an image this product does not have'],
        [
          'new:1 with one file',
          (p) => ({ images: [p.image[0], 'new:1'], files: [{ buffer: pictures[3] }] }),
          'images refers to new:1, but only 1 new image was sent',
        ],
        ['new:0 without files', (p) => ({ images: [p.image[0], 'new:0'] }), 'images refers to new:0, but 0 new images were sent'],
        [
          'a file without a place',
          (p) => ({ images: [p.image[0], 'new:0'], files: [{ buffer: pictures[3] }, { buffer: pictures[4] }] }),
          'Every new image must have a place in "images"',
        ],
        ['files without `images`', () => ({ productData: { name: 'x' }, files: [{ buffer: pictures[3] }] }), 'New images need a place in "images"'],
        ['the same image twice', (p) => ({ images: [p.image[0], p.image[0]] }), 'images lists the same image twice'],
        ['the same file twice', () => ({ images: ['new:0', 'new:0'], files: [{ buffer: pictures[3] }] }), 'images lists the same image twice'],
        [
          'a file number with a leading zero',
          () => ({ images: ['new:00'], files: [{ buffer: pictures[3] }] }),
          'images: "new:00" is not a new image; write new:0, new:1, ...',
        ],
        ['no images', () => ({ images: [] }), 'Add at least one image'],
        [
          '5 images',
          (p) => ({ images: [...p.image, 'new:0', 'new:1', 'new:2'], files: pictures.slice(0, 3).map((buffer) => ({ buffer })) }),
          'At most 4 images',
        ],
        ['5 files', () => ({ images: ['new:0'], files: pictures.map((buffer) => ({ buffer })) }), 'At most 4 images'],
        ['broken JSON', () => ({ images: '["new:0"' }), 'images must be valid JSON'],
        ['a list of objects', (p) => ({ images: [{ url: p.image[0] }] }), 'images must be a JSON list of image URLs and "new:N" entries'],
        [
          'a text file as the new image',
          (p) => ({ images: [p.image[0], 'new:0'], files: [{ buffer: Buffer.from('not a picture'), filename: 'x.png' }] }),
          NOT_AN_IMAGE,
        ],
        ['broken productData', () => ({ productData: 'nope' }), 'productData must be valid JSON'],
        ['an unknown field in productData', () => ({ productData: { image: [] } }), 'property image should not exist'],
        ['an extra form field', () => ({ fields: { inStock: 'true' } }), 'property inStock should not exist'],
        ['a null name', () => ({ productData: { name: null } }), 'name must be text'],
        ['a bad category', () => ({ productData: { category: 'Snacks' } }), /^category must be one of/],
        ['a price with 3 decimals', () => ({ productData: { price: 100.001 } }), /^price must be a positive number of rupees with at most 2 decimals/],
        ['a file over 5 MB', (p) => ({ images: [p.image[0], 'new:0'], files: [{ buffer: Buffer.alloc(5 * MB + 1) }] }), 'Each image must be under 5 MB'],
      ];

      it.each(plans)('%s', async (_name, build, message) => {
        const before = await counts();
        const res = await editProduct(product._id, build(product)).expect(400);
        expect(res.body).toMatchObject({ success: false, message: typeof message === 'string' ? message : expect.stringMatching(message) });
        expect(await counts()).toEqual(before);
        expect((await current(product._id)).image).toEqual(product.image);
        expect((await current(product._id)).name).toBe(VALID.name);
      });
    });

    it('leaves no orphaned file and no dangling URL when edits race each other', async () => {
      const product = await createProduct(VALID, pictures.slice(0, 2));
      const [a, b] = product.image;
      const statuses = await Promise.all([
        editProduct(product._id, { images: [a, 'new:0'], files: [{ buffer: pictures[2] }] }),
        editProduct(product._id, { images: [b, 'new:0', 'new:1'], files: [{ buffer: pictures[3] }, { buffer: pictures[4] }] }),
        editProduct(product._id, { productData: { price: 99, offerPrice: 10 }, images: ['new:0'], files: [{ buffer: pictures[0] }] }),
      ]).then((responses) => responses.map((res) => res.status));
      for (const status of statuses) expect([200, 400, 409]).toContain(status);
      expect(statuses).toContain(200);
      const { image } = await current(product._id);
      for (const url of image) await t.http().get(url).expect(200);
      // Every stored image belongs to a product, and every image has its thumbnail.
      const referenced = new Set((await t.connection.collection('products').find({}).toArray()).flatMap((p) => (p.image as string[]).map(idOf)));
      const stored = await storedImageIds();
      expect(stored.filter((id) => !referenced.has(id))).toEqual([]);
      expect(await t.connection.collection('images.files').countDocuments({ 'metadata.kind': 'thumb' })).toBe(stored.length);
    });

    it('does not lose a stock change made during an edit', async () => {
      const product = await createProduct(VALID, [pictures[0]]);
      await Promise.all([
        editProduct(product._id, {
          productData: { name: 'Edited while toggled' },
          images: [product.image[0], 'new:0'],
          files: [{ buffer: pictures[1] }],
        }).expect(200),
        sellerAgent.post('/api/changeStock').send({ id: product._id, inStock: false }).expect(200),
      ]);
      expect(await current(product._id)).toMatchObject({ name: 'Edited while toggled', inStock: false });
    });

    it('answers 404 for an unknown product and 400 for a malformed id, storing nothing', async () => {
      const before = await counts();
      const missing = await editProduct('aaaaaaaaaaaaaaaaaaaaaaaa', { productData: { name: 'x' }, images: ['new:0'], files: [{ buffer: png }] }).expect(404);
      expect(missing.body).toMatchObject({ success: false, message: 'Product not found' });
      const malformed = await editProduct('nope', { productData: { name: 'x' } }).expect(400);
      expect(malformed.body).toMatchObject({ success: false, message: 'Invalid product id' });
      expect(await counts()).toEqual(before);
    });

    it('refuses shoppers and anonymous callers', async () => {
      const product = await createProduct();
      const before = await counts();
      await editProduct(product._id, { productData: { name: 'Hacked' }, images: ['new:0'], files: [{ buffer: png }] }, asha).expect(403);
      await editProduct(product._id, { productData: { name: 'Hacked' }, images: ['new:0'], files: [{ buffer: png }] }, null).expect(401);
      expect(await counts()).toEqual(before);
      expect((await current(product._id)).name).toBe(VALID.name);
    });
  });

  describe('DELETE /api/products/:id', () => {
    it('deletes the product and the images no order shows; orders keep their snapshot and picture', async () => {
      const product = await createProduct({ ...VALID, name: 'Farewell Bread', category: 'Bakery', price: 50, offerPrice: 44.5 }, [png, jpeg]);
      const address = (await asha.post('/api/Address/add').send({ adress: VALID_ADDRESS }).expect(201)).body.address._id;
      const placed = await asha
        .post('/api/placeorders')
        .set('Idempotency-Key', randomUUID())
        .send({ address, items: [{ product: product._id, quantity: 2 }] })
        .expect(201);
      const before = await counts();

      const res = await sellerAgent.delete(`/api/products/${product._id}`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'Product deleted' });
      await t.http().get(`/api/products/${product._id}`).expect(404);
      const list = await t.http().get('/api/productList').expect(200);
      expect(list.body.productsdata.map((p: ProductBody) => p._id)).not.toContain(product._id);
      // The order shows the first picture: it stays (with its thumbnail); the second goes.
      await t.http().get(product.image[0]).expect(200);
      await t.http().get(`${product.image[0]}/thumb`).expect(200);
      await expectImageGone(product.image[1]);
      const after = await counts();
      expect(after).toEqual({ products: before.products - 1, files: before.files - 2, chunks: before.chunks - 2 });

      const mine = await asha.get('/api/getorder/user?limit=100').expect(200);
      const order = mine.body.orderdata.find((o: { _id: string }) => o._id === placed.body.order._id);
      expect(order.items).toEqual([
        expect.objectContaining({ product: null, quantity: 2, name: 'Farewell Bread', category: 'Bakery', offerPrice: 44.5, image: product.image[0] }),
      ]);
      const all = await sellerAgent.get('/api/getorder/admin/seller?limit=100').expect(200);
      expect(all.body.orderdata.find((o: { _id: string }) => o._id === placed.body.order._id).items[0]).toMatchObject({
        product: null,
        name: 'Farewell Bread',
      });

      expect((await sellerAgent.delete(`/api/products/${product._id}`).expect(404)).body).toMatchObject({ success: false, message: 'Product not found' });
    });

    it('answers 400 for a malformed id and refuses shoppers and anonymous callers', async () => {
      const product = await createProduct();
      const before = await counts();
      expect((await sellerAgent.delete('/api/products/nope').expect(400)).body).toMatchObject({ success: false, message: 'Invalid product id' });
      await asha.delete(`/api/products/${product._id}`).expect(403);
      await t.http().delete(`/api/products/${product._id}`).expect(401);
      expect(await counts()).toEqual(before);
    });
  });
});
