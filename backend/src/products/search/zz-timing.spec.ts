import { GROCERY_SYNONYMS } from '@greencart/domain';
import { ProductSearchIndex } from './product-search-index';
const ITEMS = [
  'Tomatoes',
  'Potatoes',
  'Onions',
  'Carrots',
  'French Beans',
  'Capsicum',
  'Apples',
  'Bananas',
  'Mangoes',
  'Cola',
  'Lemon Soda',
  'Masala Noodles',
  'Cup Noodles',
  'Poha Mix',
  'Toned Milk',
  'Butter',
  'Paneer',
  'Curd',
  'Ghee',
  'Brown Bread',
  'Pav',
  'Muffins',
  'Cookies',
  'Basmati Rice',
  'Wheat Atta',
  'Toor Dal',
  'Moong Dal',
  'Rolled Oats',
  'Corn Flakes',
  'Besan',
  'Sooji',
];
const Q = ['Fresh', 'Organic', 'Premium', 'Classic', 'Farm', 'Desi', 'Select', 'Family Pack', 'Value', 'Everyday'];
const W = ['100 g', '200 g', '250 g', '500 g', '1 kg', '2 kg', '5 kg', '200 ml', '500 ml', '1 L', '6 pcs', '12 pcs'];
it('timing', () => {
  const products = Array.from({ length: 10000 }, (_, i) => ({
    _id: String(i),
    name: `${Q[i % 10]} ${ITEMS[(i * 7) % ITEMS.length]} #${i + 1}`,
    description: [
      `${Q[i % 10]} ${ITEMS[(i * 7) % ITEMS.length].toLowerCase()} for everyday cooking`,
      'Generated for load testing',
      `Batch ${Math.floor(i / 1000) + 1}`,
    ],
    category: 'Grains',
    weight: W[i % W.length],
    inStock: i % 13 !== 0,
    createdAt: new Date(i),
  }));
  const index = new ProductSearchIndex();
  let t = performance.now();
  index.rebuild(products);
  console.log('build', performance.now() - t);
  const queries = [
    'tomatos',
    'tamatar',
    'pyaz',
    'amul butter',
    'atta 5kg',
    'milk 1l',
    'bananna',
    'organik',
    'chawal',
    'xyzzy butter',
    'paneer 200g',
    'doodh 1 litre',
    'chips',
    'amul',
    'fresh',
    'mother dairy milk',
    ...GROCERY_SYNONYMS.slice(0, 60).flatMap((l) => l.also.slice(0, 2)),
  ];
  const times: [number, string][] = [];
  for (const q of queries) {
    index.search(q);
  }
  for (const q of queries) {
    t = performance.now();
    index.search(q + ' ');
    times.push([performance.now() - t, q]);
  }
  times.sort((a, b) => b[0] - a[0]);
  console.log(
    times
      .slice(0, 15)
      .map(([ms, q]) => `${q}: ${ms.toFixed(2)}`)
      .join('\n'),
  );
  const all = times.map(([ms]) => ms).sort((a, b) => a - b);
  console.log('p50', all[Math.floor(all.length / 2)].toFixed(2), 'p95', all[Math.floor(all.length * 0.95)].toFixed(2));
});
