/**
 * How the search library was chosen (issue 21): MiniSearch, Orama and FlexSearch given the same
 * documents (name, the synonym-list names of the groups the product belongs to, description), each
 * with its own typo and prefix matching, on
 *   - quality: recall@5 of typed queries (typos, plurals, prefixes, Hindi/Hinglish through the synonym
 *     field) on the demo catalogue plus 22 products with names no list was built with;
 *   - speed and size at 10,000 products: index build, heap, query p50/p95 (one process, one at a time).
 * The shop's own index (ProductSearchIndex: MiniSearch plus the ranking of issue 21) is measured beside them.
 *
 *   npm run build:backend && npm install --no-save @orama/orama@3 flexsearch@0.8 && node --expose-gc bench/search-libraries.mjs
 *
 * (Orama and FlexSearch are not dependencies of the shop; SEARCH_LIBS_DIR may point at a folder whose
 * node_modules has them.) Figures only.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const backend = createRequire(join(ROOT, 'backend', 'package.json'));
const libs = createRequire(join(process.env.SEARCH_LIBS_DIR ?? ROOT, 'package.json'));
const MiniSearch = backend('minisearch');
const orama = libs('@orama/orama');
const { Document, Charset } = libs('flexsearch');
const { ProductSearchIndex } = backend('./dist/products/search/product-search-index.js');
const { SynonymGroups } = backend('./dist/products/search/synonym-groups.js');
const { wordsOf, typoAllowance } = backend('./dist/products/search/search-text.js');
const { DEMO_CATALOGUE } = backend('./dist/products/seed/demo-catalogue.js');

const UNSEEN = [
  'Tata Salt Lite',
  'Fortune Kachi Ghani Mustard Oil',
  'Farm Fresh Brown Eggs',
  'Turmeric Powder',
  'Cumin Seeds (Whole)',
  'Coriander Powder',
  'Fresh Ginger Root',
  'Garlic Pods',
  'Green Chillies',
  'Refined Sugar',
  'Organic Jaggery Cubes',
  'Desi Bhindi',
  'Safed Chana',
  'Sabudana Pearls',
  'Chickpea Flour',
  'Packaged Drinking Water',
  'Fresh Fenugreek Bunch',
  'Shimla Mirch (Capsicum)',
  'Amul Taaza Toned Milk',
  'Sona Masoori Raw Rice',
  'Parachute Coconut Oil',
  'Kashmiri Lal Mirch Powder',
];

/** A part of the backend suite's relevance set (backend/test/search.e2e-spec.ts): query → the product to find among five. */
const QUERIES = [
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
  ['tomatoe', 'Desi Tomatoes'],
  ['potatos', 'Fresh Potatoes'],
  ['onians', 'Red Onions'],
  ['carots', 'Ooty Carrots'],
  ['panir', 'Fresh Malai Paneer'],
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
  ['pya', 'Red Onions'],
  ['rice basmati', 'Basmati Rice'],
  ['chana kabuli', 'Kabuli Chana'],
  ['methi', 'Fresh Fenugreek Bunch'],
  ['bisleri', 'Packaged Drinking Water'],
  ['sago', 'Sabudana Pearls'],
  ['besan', 'Chickpea Flour'],
  ['maggi', 'Masala Instant Noodles'],
  ['pepsi', 'Classic Cola'],
];

const groups = new SynonymGroups();
function document(product) {
  const found = new Set(groups.groupsIn(wordsOf(product.name)));
  return {
    id: product._id,
    name: product.name,
    synonyms: [...found].flatMap((g) => [...groups.groups[g].terms]).join(' '),
    description: product.description.join(' '),
  };
}

function catalogue(size) {
  const products = [
    ...DEMO_CATALOGUE.map((p, i) => ({
      _id: p.key,
      name: p.name,
      description: p.description,
      category: p.category,
      inStock: p.inStock ?? true,
      createdAt: new Date(1e12 + i),
    })),
  ];
  UNSEEN.forEach((name, i) => products.push({ _id: `unseen-${i}`, name, description: [], category: 'Grains', inStock: true, createdAt: new Date(1.5e12 + i) }));
  const items = [
    'Tomatoes',
    'Potatoes',
    'Onions',
    'Apples',
    'Bananas',
    'Mangoes',
    'Cola',
    'Masala Noodles',
    'Toned Milk',
    'Paneer',
    'Brown Bread',
    'Basmati Rice',
    'Toor Dal',
    'Corn Flakes',
  ];
  const qualities = ['Fresh', 'Organic', 'Premium', 'Classic', 'Farm', 'Desi', 'Select', 'Family Pack', 'Value', 'Everyday'];
  let state = size >>> 0;
  const rand = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  for (let i = products.length; i < size; i++) {
    const item = items[Math.floor(rand() * items.length)];
    const quality = qualities[Math.floor(rand() * qualities.length)];
    products.push({
      _id: `g${i}`,
      name: `${quality} ${item} #${i}`,
      description: [`${quality} ${item.toLowerCase()} for everyday cooking`, 'Generated for load testing'],
      category: 'Grains',
      inStock: rand() > 0.08,
      createdAt: new Date(2e12 + i),
    });
  }
  return products;
}

const longest = (query) => Math.max(...wordsOf(query).map(typoAllowance));

const LIBRARIES = {
  'MiniSearch 7.2 (fuzzy 0/1/2 by length, prefix, AND)': {
    build(docs) {
      const index = new MiniSearch({
        fields: ['name', 'synonyms', 'description'],
        searchOptions: { boost: { name: 3, synonyms: 1.5, description: 0.4 }, prefix: true, combineWith: 'AND', fuzzy: (term) => typoAllowance(term) },
      });
      index.addAll(docs);
      return index;
    },
    search: (index, query) =>
      index
        .search(query)
        .slice(0, 5)
        .map((r) => r.id),
  },
  'Orama 3.1 (tolerance 1/2 per query, prefix)': {
    build(docs) {
      const db = orama.create({ schema: { id: 'string', name: 'string', synonyms: 'string', description: 'string' } });
      orama.insertMultiple(db, docs, 10_000);
      return db;
    },
    search: (db, query) =>
      orama
        .search(db, {
          term: query,
          properties: ['name', 'synonyms', 'description'],
          boost: { name: 3, synonyms: 1.5, description: 0.4 },
          tolerance: longest(query),
          limit: 5,
        })
        .hits.map((h) => h.id),
  },
  'FlexSearch 0.8 (forward tokens, LatinBalance encoder, suggest)': {
    build(docs) {
      const index = new Document({
        document: { id: 'id', index: ['name', 'synonyms', 'description'] },
        tokenize: 'forward',
        encoder: Charset.LatinBalance,
        cache: false,
      });
      for (const doc of docs) index.add(doc);
      return index;
    },
    search: (index, query) => index.search(query, { limit: 5, suggest: true, merge: true }).map((r) => r.id),
  },
  'GreenCart ProductSearchIndex (MiniSearch + synonym groups + ranking)': {
    build(_docs, products) {
      const index = new ProductSearchIndex();
      index.rebuild(products);
      return index;
    },
    search: (index, query) => index.search(query).ids.slice(0, 5),
  },
};

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const small = catalogue(DEMO_CATALOGUE.length + UNSEEN.length);
const large = catalogue(10_000);
const nameOf = new Map(small.map((p) => [p._id, p.name]));
const rows = [];
for (const [name, library] of Object.entries(LIBRARIES)) {
  // Quality on the shop-sized catalogue.
  const index = library.build(small.map(document), small);
  const misses = QUERIES.filter(
    ([query, expected]) =>
      !library
        .search(index, query)
        .map((id) => nameOf.get(id))
        .includes(expected),
  ).map(([q]) => q);
  // Size and speed at 10,000.
  const docs = large.map(document);
  const builds = [];
  let big;
  for (let k = 0; k < 3; k++) {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    big = library.build(docs, large);
    builds.push(performance.now() - started);
    if (k < 2) big = undefined;
    globalThis.gc?.();
    if (k === 2) builds.heap = (process.memoryUsage().heapUsed - before) / 2 ** 20;
  }
  const times = [];
  for (let round = 0; round < 5; round++) {
    for (const [query] of QUERIES) {
      const started = performance.now();
      library.search(big, query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  builds.sort((a, b) => a - b);
  rows.push({
    name,
    recall: (QUERIES.length - misses.length) / QUERIES.length,
    misses,
    build: builds[1],
    firstBuild: builds.at(-1),
    heap: builds.heap,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
  });
  console.log(`${name}: recall@5 ${rows.at(-1).recall.toFixed(2)} (misses: ${misses.join(', ') || 'none'})`);
}
console.log('\n| library | recall@5 (' + QUERIES.length + ' queries) | build 10k ms (median of 3) | heap MB | query p50 / p95 ms at 10k |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.recall.toFixed(2)} | ${r.build.toFixed(0)} | ${Number.isFinite(r.heap) && r.heap > 0 ? r.heap.toFixed(0) : '–'} | ${r.p50.toFixed(2)} / ${r.p95.toFixed(2)} |`,
  );
