import sharp from 'sharp';
import { GROCERY_SYNONYMS } from '@greencart/domain';
import { AUTH_ENV, seller, type Agent } from './support/actors';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Search (issue 21) through GET /api/products?search=, on the demo catalogue plus products a seller adds
 * with names the index has never seen: what shoppers type (typos, Hindi and Hinglish names, plurals,
 * joined and split words, generic and brand names) finds the right product among the first five; the
 * ranking; the seller's search words; nonsense finds nothing; and a change on one instance is found on
 * another within a moment.
 */

type Product = { _id: string; name: string; inStock: boolean; searchWords?: string[] };
type Page = {
  success: true;
  products: Product[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  correctedQuery?: string;
  droppedWords?: string[];
};

async function picture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="60" height="40"><rect width="60" height="40" fill="hsl(30, 70%, 50%)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function addProduct(agent: Agent, png: Buffer, data: Record<string, unknown>) {
  return agent
    .post('/api/addproduct')
    .field('productData', JSON.stringify({ description: '', price: 100, offerPrice: 90, ...data }))
    .attach('image', png, { filename: 'p.png', contentType: 'image/png' });
}

async function search(t: TestApp, query: string, extra = ''): Promise<Page> {
  return (
    await t
      .http()
      .get(`/api/products?search=${encodeURIComponent(query)}${extra}`)
      .expect(200)
  ).body as Page;
}

const names = (page: Page) => page.products.map((p) => p.name);

/** Products a seller adds whose names are in no list the index was built with. */
const UNSEEN: { name: string; category: string; weight?: string }[] = [
  { name: 'Tata Salt Lite', category: 'Grains' },
  { name: 'Fortune Kachi Ghani Mustard Oil', category: 'Grains' },
  { name: 'Parachute Coconut Oil', category: 'Grains' },
  { name: 'Farm Fresh Brown Eggs', category: 'Dairy' },
  { name: 'Turmeric Powder', category: 'Grains' },
  { name: 'Cumin Seeds (Whole)', category: 'Grains' },
  { name: 'Coriander Powder', category: 'Grains' },
  { name: 'Fresh Ginger Root', category: 'Vegetables' },
  { name: 'Garlic Pods', category: 'Vegetables' },
  { name: 'Green Chillies', category: 'Vegetables' },
  { name: 'Refined Sugar', category: 'Grains' },
  { name: 'Organic Jaggery Cubes', category: 'Grains' },
  { name: 'Kashmiri Lal Mirch Powder', category: 'Grains' },
  { name: 'Desi Bhindi', category: 'Vegetables' },
  { name: 'Safed Chana', category: 'Grains' },
  { name: 'Sabudana Pearls', category: 'Grains' },
  { name: 'Chickpea Flour', category: 'Grains' },
  { name: 'Packaged Drinking Water', category: 'Drinks' },
  { name: 'Fresh Fenugreek Bunch', category: 'Vegetables' },
  { name: 'Shimla Mirch (Capsicum)', category: 'Vegetables' },
  { name: 'Amul Taaza Toned Milk', category: 'Dairy' },
  { name: 'Sona Masoori Raw Rice', category: 'Grains' },
  { name: 'Classic Salted Potato Chips', category: 'Instant', weight: '52 g' },
  { name: 'Full Cream Milk', category: 'Dairy', weight: '500 ml' },
  { name: 'Chakki Fresh Atta', category: 'Grains', weight: '10 kg' },
  { name: 'Malai Paneer Block', category: 'Dairy', weight: '1 kg' },
];

/** What a shopper types → the product that must be among the first five answers. The issue's own queries first. */
const RELEVANCE: [string, string][] = [
  // The issue's queries, on the demo catalogue.
  ['aloo', 'Fresh Potatoes'],
  ['pyaz', 'Red Onions'],
  ['pyaaz', 'Red Onions'],
  ['kanda', 'Red Onions'],
  ['tamatar', 'Desi Tomatoes'],
  ['doodh', 'Toned Milk'],
  ['chawal', 'Basmati Rice'],
  ['kela', 'Robusta Bananas'],
  ['tomatos', 'Desi Tomatoes'],
  ['bananna', 'Robusta Bananas'],
  ['panner', 'Fresh Malai Paneer'],
  ['choclate', 'Chocolate Chip Muffins'],
  ['cornflakes', 'Corn Flakes'],
  ['corn flakes', 'Corn Flakes'],
  ['coke', 'Classic Cola'],
  ['cottage cheese', 'Fresh Malai Paneer'],
  ['okra', 'Lady Finger (Bhindi)'],
  ['ladyfinger', 'Lady Finger (Bhindi)'],
  ['dahi', 'Set Curd (Dahi)'],
  ['atta', 'Whole Wheat Atta'],
  // The issue's queries, on products added by the seller.
  ['namak', 'Tata Salt Lite'],
  ['cheeni', 'Refined Sugar'],
  ['tel', 'Fortune Kachi Ghani Mustard Oil'],
  ['anda', 'Farm Fresh Brown Eggs'],
  ['haldi', 'Turmeric Powder'],
  ['jeera', 'Cumin Seeds (Whole)'],
  ['dhania', 'Coriander Powder'],
  ['adrak', 'Fresh Ginger Root'],
  ['lehsun', 'Garlic Pods'],
  ['mirch', 'Green Chillies'],
  // Spelling variants, regional and Devanagari names.
  ['pyaj', 'Red Onions'],
  ['प्याज़', 'Red Onions'],
  ['batata', 'Fresh Potatoes'],
  ['tamater', 'Desi Tomatoes'],
  ['dudh', 'Toned Milk'],
  ['chaawal', 'Basmati Rice'],
  ['kele', 'Robusta Bananas'],
  ['bhendi', 'Lady Finger (Bhindi)'],
  ['lady finger', 'Lady Finger (Bhindi)'],
  ['curd', 'Set Curd (Dahi)'],
  ['yogurt', 'Set Curd (Dahi)'],
  ['aata', 'Whole Wheat Atta'],
  ['gehun ka atta', 'Whole Wheat Atta'],
  ['phool gobhi', 'Cauliflower (Gobi)'],
  ['gajar', 'Ooty Carrots'],
  ['seb', 'Shimla Apples'],
  ['aam', 'Alphonso Mangoes'],
  ['santra', 'Nagpur Oranges'],
  ['angoor', 'Green Grapes (Seedless)'],
  ['tarbooz', 'Watermelon'],
  ['nariyal pani', 'Tender Coconut Water'],
  ['nimbu pani', 'Nimbu Lemon Soda'],
  ['makhan', 'Salted Butter'],
  ['double roti', 'Whole Wheat Bread'],
  ['arhar dal', 'Toor Dal'],
  ['tuvar', 'Toor Dal'],
  ['chole', 'Kabuli Chana'],
  ['daal makhni', 'Ready-to-Eat Dal Makhani'],
  ['ande', 'Farm Fresh Brown Eggs'],
  ['haldee', 'Turmeric Powder'],
  ['हल्दी', 'Turmeric Powder'],
  ['jira', 'Cumin Seeds (Whole)'],
  ['dhaniya', 'Coriander Powder'],
  ['lahsun', 'Garlic Pods'],
  ['hari mirch', 'Green Chillies'],
  ['chini', 'Refined Sugar'],
  ['gur', 'Organic Jaggery Cubes'],
  ['lal mirch', 'Kashmiri Lal Mirch Powder'],
  ['sarson ka tel', 'Fortune Kachi Ghani Mustard Oil'],
  ['nariyal tel', 'Parachute Coconut Oil'],
  ['kabuli chana', 'Safed Chana'],
  ['methi', 'Fresh Fenugreek Bunch'],
  ['doodh', 'Amul Taaza Toned Milk'],
  ['chawal', 'Sona Masoori Raw Rice'],
  // Generic names of kinds and brands.
  ['pepsi', 'Classic Cola'],
  ['maggi', 'Masala Instant Noodles'],
  ['frooti', 'Mango Fruit Drink'],
  ['kelloggs', 'Corn Flakes'],
  ['bisleri', 'Packaged Drinking Water'],
  ['okra', 'Desi Bhindi'],
  ['bell pepper', 'Shimla Mirch (Capsicum)'],
  ['sago', 'Sabudana Pearls'],
  ['besan', 'Chickpea Flour'],
  ['gram flour', 'Chickpea Flour'],
  ['salt', 'Tata Salt Lite'],
  ['eggs', 'Farm Fresh Brown Eggs'],
  // Typos, plurals, word order, prefixes while typing.
  ['tomatoe', 'Desi Tomatoes'],
  ['potatos', 'Fresh Potatoes'],
  ['onians', 'Red Onions'],
  ['carots', 'Ooty Carrots'],
  ['panir', 'Fresh Malai Paneer'],
  ['chocolate muffin', 'Chocolate Chip Muffins'],
  ['croissant', 'Butter Croissants'],
  ['basmati chawal', 'Basmati Rice'],
  ['rice basmati', 'Basmati Rice'],
  ['chana kabuli', 'Kabuli Chana'],
  ['dal toor', 'Toor Dal'],
  ['tumeric', 'Turmeric Powder'],
  ['garlik', 'Garlic Pods'],
  ['chilies', 'Green Chillies'],
  ['suger', 'Refined Sugar'],
  ['jagery', 'Organic Jaggery Cubes'],
  ['corriander', 'Coriander Powder'],
  ['watermelons', 'Watermelon'],
  ['pomegranates', 'Pomegranate (Anar)'],
  ['toma', 'Desi Tomatoes'],
  ['bana', 'Robusta Bananas'],
  ['pane', 'Fresh Malai Paneer'],
  ['pya', 'Red Onions'],
];

/** Queries that must find nothing at all. */
const NONSENSE = ['xyzzy', 'qwertyuiop', 'asdfgh', 'zzzz', 'blorpt', 'kjhgfdsa', 'lorem ipsum', 'ptkqr', 'fnord', 'vbnm', 'qqq www'];

describe('the synonym list (domain/src/search/grocery-synonyms.ts)', () => {
  it('has at least 200 groceries, each with other names, in lower case, each English word once', () => {
    expect(GROCERY_SYNONYMS.length).toBeGreaterThanOrEqual(200);
    for (const line of GROCERY_SYNONYMS) {
      expect(line.also.length).toBeGreaterThan(0);
      for (const word of [line.name, ...line.also]) expect(word).toBe(word.toLowerCase());
    }
    expect(new Set(GROCERY_SYNONYMS.map((line) => line.name)).size).toBe(GROCERY_SYNONYMS.length);
  });
});

describe('search (issue 21)', () => {
  let t: TestApp;
  let sellerAgent: Agent;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ ...AUTH_ENV, SEED_DEMO: 'true' });
    sellerAgent = await seller(t);
    png = await picture();
    for (const product of UNSEEN) await addProduct(sellerAgent, png, product).expect(201);
  });
  afterAll(() => t.close());

  it('finds what shoppers type among the first five answers (recall@5 on the relevance set)', async () => {
    const misses: string[] = [];
    for (const [query, expected] of RELEVANCE) {
      const top = names(await search(t, query, '&limit=5'));
      if (!top.includes(expected)) misses.push(`${query} → ${expected} (got: ${top.join(' | ') || 'nothing'})`);
    }
    const recall = (RELEVANCE.length - misses.length) / RELEVANCE.length;
    console.log(
      `search relevance: recall@5 = ${recall.toFixed(3)} on ${RELEVANCE.length} queries (${UNSEEN.length} products added with unseen names)${misses.length ? `\n  misses:\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(misses).toEqual([]);
  });

  it('finds nothing for nonsense', async () => {
    for (const query of NONSENSE) expect({ query, found: names(await search(t, query)) }).toEqual({ query, found: [] });
  });

  it('says how it understood a corrected query, and nothing when it understood it as typed', async () => {
    expect((await search(t, 'tamatar')).correctedQuery).toBe('tomato');
    expect((await search(t, 'pyaaz')).correctedQuery).toBe('onion');
    expect((await search(t, 'bananna')).correctedQuery).toBe('bananas');
    expect((await search(t, 'panner')).correctedQuery).toBe('paneer');
    expect((await search(t, 'coke')).correctedQuery).toBe('cola');
    expect((await search(t, 'cottage cheese')).correctedQuery).toBe('paneer');
    for (const typed of ['tomatoes', 'Corn Flakes', 'cornflakes', 'paneer', 'toma', 'basmati rice', 'xyzzy']) {
      expect({ typed, corrected: (await search(t, typed)).correctedQuery }).toEqual({ typed, corrected: undefined });
    }
    // The answer keeps every field it had: correctedQuery is the only addition.
    const page = await search(t, 'tamatar', '&limit=2');
    expect(Object.keys(page).sort()).toEqual(['correctedQuery', 'limit', 'page', 'products', 'success', 'total', 'totalPages']);
    expect(page).toMatchObject({ success: true, page: 1, limit: 2 });
  });

  it('ranks exact name > name prefix > word > synonym > description, in stock first at equal relevance', async () => {
    const now = Date.now();
    const docs = [
      { name: 'Cherry Zorba Tomatoes', description: ['Sweet'], inStock: true }, // every word in the name
      { name: 'Zorba Tomato', description: ['Round'], inStock: true }, // the name is the query
      { name: 'Zorba Relish', description: ['Made with tomato'], inStock: true }, // "tomato" only in the description
      { name: 'Zorba Tomato Ketchup', description: ['Tangy'], inStock: false }, // the name starts with the query, out of stock
      { name: 'Zorba Tamatar Chutney', description: ['Spicy'], inStock: true }, // "tomato" as another name (tamatar)
      { name: 'Zorba Tomato Puree', description: ['Thick'], inStock: true }, // the name starts with the query
    ].map((doc, i) => ({
      ...doc,
      category: 'Fruits',
      price: 10,
      offerPrice: 10,
      image: ['/api/images/000000000000000000000000'],
      createdAt: new Date(now + i),
      updatedAt: new Date(now),
    }));
    await t.connection.collection('products').insertMany(docs);
    await t.app.get((await import('../src/products/catalogue')).Catalogue).reload();

    expect(names(await search(t, 'zorba tomato'))).toEqual([
      'Zorba Tomato',
      'Zorba Tomato Puree',
      'Zorba Tomato Ketchup',
      'Cherry Zorba Tomatoes',
      'Zorba Tamatar Chutney',
      'Zorba Relish',
    ]);
    // A typo of a word nobody has as such finds its look-alikes; a word someone has finds no look-alikes.
    expect(names(await search(t, 'zorbaa'))).toEqual(expect.arrayContaining(['Zorba Tomato', 'Zorba Relish']));
    const kanda = names(await search(t, 'kanda'));
    expect(kanda).toContain('Red Onions');
    expect(kanda).not.toContain('Farm Fresh Brown Eggs');
  });

  it('keeps category, stock and paging filters on search answers', async () => {
    const all = await search(t, 'dal');
    expect(all.total).toBeGreaterThan(2);
    const grains = await search(t, 'dal', '&category=grains');
    expect(grains.products.every((p) => names(all).includes(p.name))).toBe(true);
    expect(grains.products.length).toBeGreaterThan(0);
    const inStock = await search(t, 'aam', '&inStock=true');
    expect(names(inStock)).not.toContain('Alphonso Mangoes');
    const first = await search(t, 'dal', '&limit=1&page=1');
    const second = await search(t, 'dal', '&limit=1&page=2');
    expect([...names(first), ...names(second)]).toEqual(names(all).slice(0, 2));
    expect(first.totalPages).toBe(all.total);
  });

  describe('sizes, units and brands (storefront round three)', () => {
    /** The product ranked first for each query, and nothing left out of it. */
    it.each([
      ['atta 5kg', 'Whole Wheat Atta'],
      ['atta 5 kg', 'Whole Wheat Atta'],
      ['atta 10 kg', 'Chakki Fresh Atta'],
      ['basmati 5kg', 'Basmati Rice'],
      ['milk 1l', 'Toned Milk'],
      ['milk 1 L', 'Toned Milk'],
      ['milk 500ml', 'Full Cream Milk'],
      ['doodh 1 litre', 'Toned Milk'],
      ['doodh 1000 ml', 'Toned Milk'],
      ['paneer 200g', 'Fresh Malai Paneer'],
      ['paneer 200 gm', 'Fresh Malai Paneer'],
      ['paneer 1 kg', 'Malai Paneer Block'],
      ['pav pack of 6', 'Ladi Pav'],
      ['chips', 'Classic Salted Potato Chips'],
    ])('%s → %s first', async (query, first) => {
      const page = await search(t, query);
      expect(names(page)[0]).toBe(first);
      expect(page.droppedWords).toBeUndefined();
    });

    it('a size the shop does not have still finds the product', async () => {
      expect(names(await search(t, 'dahi 1kg'))[0]).toBe('Set Curd (Dahi)');
      expect(names(await search(t, 'basmati 25 kg'))[0]).toBe('Basmati Rice');
      expect(names(await search(t, 'eggs 30'))).toContain('Farm Fresh Brown Eggs');
    });

    it('a size typed is no correction, and goes with the query as understood when there is one', async () => {
      expect((await search(t, 'atta 5kg')).correctedQuery).toBeUndefined();
      expect((await search(t, 'doodh 1 litre')).correctedQuery).toBe('milk 1 litre');
    });

    it('a brand the shop does not carry finds what it sells, and the answer says which words it left out', async () => {
      const butter = await search(t, 'amul butter');
      expect(names(butter)[0]).toBe('Salted Butter');
      expect(butter).toMatchObject({ correctedQuery: 'butter', droppedWords: ['amul'] });
      const sized = await search(t, 'amul butter 500g');
      expect(names(sized)[0]).toBe('Salted Butter');
      expect(sized).toMatchObject({ correctedQuery: 'butter 500g', droppedWords: ['amul'] });
      const mother = await search(t, 'mother dairy paneer');
      expect(names(mother)[0]).toMatch(/Paneer/);
      expect(mother.droppedWords).toEqual(['mother dairy']);
      // A brand alone: what it is best known for.
      const amulOnly = await search(t, 'nandini');
      expect(names(amulOnly).slice(0, 3)).toContain('Toned Milk');
      expect(amulOnly.droppedWords).toEqual(['nandini']);
      expect(names(await search(t, 'maggi'))[0]).toBe('Masala Instant Noodles');
      expect(names(await search(t, 'thums up'))[0]).toBe('Classic Cola');
      expect(names(await search(t, 'aashirvaad atta'))[0]).toMatch(/Atta/);
    });

    it('a brand the shop carries is found as such, and nothing is left out', async () => {
      const amul = await search(t, 'amul milk');
      expect(names(amul)[0]).toBe('Amul Taaza Toned Milk');
      expect(amul.droppedWords).toBeUndefined();
      expect(names(await search(t, 'tata salt'))[0]).toBe('Tata Salt Lite');
    });

    it('a word the shop does not know falls back to the other words, and says so; old fields unchanged', async () => {
      const page = await search(t, 'xyzzy butter', '&limit=2');
      expect(names(page)[0]).toBe('Salted Butter');
      expect(page.droppedWords).toEqual(['xyzzy']);
      expect(Object.keys(page).sort()).toEqual(['correctedQuery', 'droppedWords', 'limit', 'page', 'products', 'success', 'total', 'totalPages']);
      expect(names(await search(t, 'xyzzy'))).toEqual([]);
    });

    it('"chips" is not chocolate chip muffins, "aloo" is not cauliflower', async () => {
      expect(names(await search(t, 'chips'))).not.toContain('Chocolate Chip Muffins');
      expect(names(await search(t, 'potato chips'))[0]).toBe('Classic Salted Potato Chips');
      const aloo = names(await search(t, 'aloo'));
      expect(aloo[0]).toBe('Fresh Potatoes');
      expect(aloo).not.toContain('Cauliflower (Gobi)');
      expect(names(await search(t, 'chocolate chip'))[0]).toBe('Chocolate Chip Muffins');
      expect(names(await search(t, 'gobi'))[0]).toBe('Cauliflower (Gobi)');
    });
  });

  describe('seller search words', () => {
    it('are stored, shown on the product, used by search, and replaced or removed by an edit', async () => {
      const added = (
        await addProduct(sellerAgent, png, { name: 'Mysore Pak Box', category: 'Bakery', searchWords: [' mithai ', 'मैसूर पाक', 'Mithai'] }).expect(201)
      ).body.product as Product;
      expect(added.searchWords).toEqual(['mithai', 'मैसूर पाक']);
      expect(names(await search(t, 'mithai'))).toEqual(['Mysore Pak Box']);
      expect(names(await search(t, 'मैसूर'))).toEqual(['Mysore Pak Box']);
      expect(names(await search(t, 'mithaai'))).toEqual(['Mysore Pak Box']);
      expect((await search(t, 'mithai')).correctedQuery).toBeUndefined();

      await sellerAgent
        .patch(`/api/products/${added._id}`)
        .field('productData', JSON.stringify({ searchWords: ['burfi'] }))
        .expect(200);
      expect(names(await search(t, 'burfi'))).toEqual(['Mysore Pak Box']);
      expect(names(await search(t, 'mithai'))).toEqual([]);
      const shown = (await t.http().get(`/api/products/${added._id}`).expect(200)).body.product as Product;
      expect(shown.searchWords).toEqual(['burfi']);

      await sellerAgent
        .patch(`/api/products/${added._id}`)
        .field('productData', JSON.stringify({ searchWords: [] }))
        .expect(200);
      expect(names(await search(t, 'burfi'))).toEqual([]);
      expect((await t.http().get(`/api/products/${added._id}`).expect(200)).body.product).not.toHaveProperty('searchWords');
    });

    it('a word the seller adds joins the product to the synonym list ("kanda" on a product named in Marathi)', async () => {
      await addProduct(sellerAgent, png, { name: 'Kolhapuri Kanda Lasun Masala', category: 'Instant', searchWords: ['spice mix'] }).expect(201);
      expect(names(await search(t, 'spice mix'))).toEqual(['Kolhapuri Kanda Lasun Masala']);
      expect(names(await search(t, 'garlic', '&limit=5'))).toContain('Kolhapuri Kanda Lasun Masala');
    });

    it.each([
      [{ searchWords: 'tamatar' }, 'searchWords must be a list of words'],
      [{ searchWords: [1, 2] }, 'searchWords must contain only text'],
      [{ searchWords: ['ok', '  '] }, 'searchWords must not contain an empty word'],
      [{ searchWords: ['x'.repeat(41)] }, 'each of searchWords must be at most 40 characters'],
      [{ searchWords: Array.from({ length: 11 }, (_, i) => `word${i}`) }, 'searchWords may have at most 10 words'],
      [{ searchWords: { $ne: null } }, 'searchWords must be a list of words'],
    ])('refuses %p with 400 and stores nothing', async (bad, message) => {
      const before = (await t.http().get('/api/productList').expect(200)).body.productsdata.length as number;
      const res = await addProduct(sellerAgent, png, { name: 'Refused Product', category: 'Fruits', ...bad }).expect(400);
      expect(res.body).toEqual({ success: false, message });
      expect((await t.http().get('/api/productList').expect(200)).body.productsdata.length).toBe(before);
      const [target] = (await search(t, 'Tata Salt Lite')).products;
      const edit = await sellerAgent.patch(`/api/products/${target._id}`).field('productData', JSON.stringify(bad)).expect(400);
      expect(edit.body).toEqual({ success: false, message });
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('search on two instances sharing the database and Redis', () => {
  // Both subscribed (the helper waits for it) and indexed before the first write.
  const apps = twoInstances('search', redisUrl);
  let one: TestApp;
  let two: TestApp;
  let sellerOne: Agent;
  let png: Buffer;

  beforeAll(async () => {
    ({ one, two } = apps);
    sellerOne = await seller(one);
    png = await picture();
    await search(two, 'anything');
  });

  /** Polls until `check` holds; fails if that takes more than a second (what these tests promise). */
  const soon = (check: () => Promise<boolean>) => eventually(check, 'the other instance finds the change', 10_000);

  it('a product added, edited or removed on one instance is found (or no longer found) by search on the other within a moment', async () => {
    const added = (await addProduct(sellerOne, png, { name: 'Himalayan Pink Namak', category: 'Grains' }).expect(201)).body.product as Product;
    expect(names(await search(one, 'namak'))).toEqual(['Himalayan Pink Namak']);
    await soon(async () => names(await search(two, 'salt')).includes('Himalayan Pink Namak'));

    await sellerOne
      .patch(`/api/products/${added._id}`)
      .field('productData', JSON.stringify({ name: 'Himalayan Rock Sugar', searchWords: ['mishri dana'] }))
      .expect(200);
    await soon(async () => names(await search(two, 'mishri dana')).includes('Himalayan Rock Sugar'));
    expect(names(await search(two, 'namak'))).toEqual([]);
    expect((await search(two, 'misri')).products.map((p) => p._id)).toEqual([added._id]);

    await sellerOne.post('/api/changeStock').send({ id: added._id, inStock: false }).expect(200);
    await soon(async () => (await search(two, 'mishri', '&inStock=false')).total === 1);

    await sellerOne.delete(`/api/products/${added._id}`).expect(200);
    await soon(async () => (await search(two, 'mishri')).total === 0);
  });
});
