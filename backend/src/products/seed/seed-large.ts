/**
 * Fills a database with a large generated catalogue, for benchmarks and for trying pagination.
 *
 *   MONGODB_URI=mongodb://127.0.0.1:27017/greencart_bench COUNT=10000 npm run seed:large
 *   node backend/dist/products/seed/seed-large.js --uri=mongodb://… --count=50000
 *
 * Adds COUNT products (default 10000, each in SIZES pack sizes, default 3) on top of whatever is there, in batches, all sharing a
 * handful of the demo images (stored once). Use a separate database: this is not demo data.
 */
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import mongoose, { Types } from 'mongoose';
import { REPO_ROOT } from '../../database/embedded-database';
import { MediaService } from '../../media/media.service';
import { PRODUCT_CATEGORIES, quantityOfLabel, type ProductCategory } from '@greencart/domain';
import { Product, ProductSchema } from '../schemas/product.schema';

const BATCH = 1000;
const SHARED_IMAGES = [
  'tomatoes.webp',
  'apples.webp',
  'classic-cola.webp',
  'masala-noodles.webp',
  'toned-milk.webp',
  'brown-bread.webp',
  'basmati-rice.webp',
  'bananas.webp',
];

const ITEMS: Record<ProductCategory, string[]> = {
  Vegetables: [
    'Tomatoes',
    'Potatoes',
    'Onions',
    'Carrots',
    'French Beans',
    'Capsicum',
    'Cabbage',
    'Brinjal',
    'Cucumber',
    'Green Peas',
    'Bottle Gourd',
    'Methi',
  ],
  Fruits: ['Apples', 'Bananas', 'Mangoes', 'Oranges', 'Grapes', 'Papaya', 'Guava', 'Pomegranate', 'Pineapple', 'Chikoo', 'Watermelon', 'Kiwi'],
  Drinks: ['Cola', 'Lemon Soda', 'Mango Drink', 'Coconut Water', 'Cold Coffee', 'Orange Juice', 'Jaljeera', 'Iced Tea', 'Energy Drink', 'Tonic Water'],
  Instant: ['Masala Noodles', 'Cup Noodles', 'Poha Mix', 'Upma Mix', 'Tomato Soup', 'Pasta Masala', 'Dal Makhani', 'Rajma Masala', 'Idli Mix', 'Dosa Batter'],
  Dairy: ['Toned Milk', 'Butter', 'Paneer', 'Curd', 'Cheese Slices', 'Ghee', 'Lassi', 'Buttermilk', 'Fresh Cream', 'Khoa'],
  Bakery: ['Brown Bread', 'White Bread', 'Pav', 'Croissant', 'Muffins', 'Rusk', 'Cookies', 'Fruit Cake', 'Burger Buns', 'Garlic Bread'],
  Grains: [
    'Basmati Rice',
    'Sona Masoori Rice',
    'Wheat Atta',
    'Toor Dal',
    'Moong Dal',
    'Chana Dal',
    'Rolled Oats',
    'Corn Flakes',
    'Rajma',
    'Kabuli Chana',
    'Besan',
    'Sooji',
  ],
};
const QUALITIES = ['Fresh', 'Organic', 'Premium', 'Classic', 'Farm', 'Desi', 'Select', 'Family Pack', 'Value', 'Everyday'];
const WEIGHTS = ['100 g', '200 g', '250 g', '500 g', '1 kg', '2 kg', '5 kg', '200 ml', '500 ml', '1 L', '6 pcs', '12 pcs'];

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** Deterministic pseudo-random numbers: the same COUNT gives the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Pack sizes a generated product comes in (issue 37): the smallest first, each bigger one a little cheaper per unit. */
const LADDERS = [
  ['250 g', '500 g', '1 kg', '2 kg'],
  ['500 g', '1 kg', '2 kg', '5 kg'],
  ['1 kg', '5 kg', '10 kg', '25 kg'],
  ['200 ml', '500 ml', '1 L', '2 L'],
  ['6 pcs', '12 pcs', '30 pcs', '60 pcs'],
];

/** "500 g" as 0.5 (kg), "1 L" as 1 (l), "6 pcs" as 6. */
function inBaseUnits(label: string): number {
  const { amount, unit } = quantityOfLabel(label)!;
  return unit === 'g' || unit === 'ml' ? amount / 1000 : amount;
}

function generate(index: number, rand: () => number, images: string[], createdAt: Date, sizes: number) {
  const category = PRODUCT_CATEGORIES[index % PRODUCT_CATEGORIES.length];
  const items = ITEMS[category];
  const item = items[Math.floor(rand() * items.length)];
  const quality = QUALITIES[Math.floor(rand() * QUALITIES.length)];
  const paise = rand() < 0.3 ? Math.floor(rand() * 100) : 0;
  const price = Math.floor(10 + rand() * 990) + paise / 100;
  // Offer between 70% and 100% of the price, in whole paise.
  const offerPrice = Math.floor(price * (0.7 + rand() * 0.3) * 100) / 100;
  const listed = rand() > 0.08;
  const single = { weight: WEIGHTS[Math.floor(rand() * WEIGHTS.length)], price, offerPrice };
  const ladder = LADDERS[Math.floor(rand() * LADDERS.length)];
  const packs =
    sizes <= 1
      ? [single]
      : ladder.slice(0, sizes).map((label, i) => {
          const times = (inBaseUnits(label) / inBaseUnits(ladder[0])) * 0.95 ** i;
          return { weight: label, price: Math.round(price * times * 100) / 100, offerPrice: Math.round(offerPrice * times * 100) / 100 };
        });
  const variants = packs.map((pack) => {
    const size = quantityOfLabel(pack.weight);
    return {
      _id: new Types.ObjectId(),
      label: pack.weight,
      price: pack.price,
      offerPrice: pack.offerPrice,
      ...(size ? { size } : {}),
      stock: null,
      inStock: listed,
    };
  });
  return {
    name: `${quality} ${item} #${index + 1}`,
    description: [`${quality} ${item.toLowerCase()} for everyday cooking`, 'Generated for load testing', `Batch ${Math.floor(index / BATCH) + 1}`],
    category,
    price: packs[0].price,
    offerPrice: packs[0].offerPrice,
    weight: packs[0].weight,
    inStock: listed,
    image: [images[index % images.length]],
    variants,
    createdAt,
    updatedAt: createdAt,
  };
}

async function main() {
  const uri = option('uri') ?? process.env.MONGODB_URI;
  const count = Number(option('count') ?? process.env.COUNT ?? 10_000);
  // Pack sizes per product (1 to 4; 3 by default, as a grocer's catalogue has).
  const sizes = Number(option('sizes') ?? process.env.SIZES ?? 3);
  if (!Number.isInteger(sizes) || sizes < 1 || sizes > 4) throw new Error(`SIZES must be 1 to 4, got ${sizes}`);
  if (!uri) throw new Error('MONGODB_URI (or --uri=) is required, including the database name, e.g. mongodb://127.0.0.1:27017/greencart_bench');
  if (!Number.isInteger(count) || count < 1) throw new Error(`COUNT must be a positive whole number, got ${count}`);

  const connection = await mongoose.createConnection(uri, { serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const products = connection.model(Product.name, ProductSchema);
    await products.init(); // indexes first, as the app would build them

    const media = new MediaService(connection);
    await media.onModuleInit();
    const images: string[] = [];
    for (const file of SHARED_IMAGES) images.push(await media.storeImage(await readFile(join(REPO_ROOT, 'backend', 'seed', 'images', file))));

    const started = Date.now();
    const rand = random(count);
    for (let from = 0; from < count; from += BATCH) {
      const size = Math.min(BATCH, count - from);
      const docs = Array.from({ length: size }, (_, i) => generate(from + i, rand, images, new Date(started + from + i), sizes));
      await products.insertMany(docs);
      process.stdout.write(`\rinserted ${from + size} / ${count}`);
    }
    const total = await products.countDocuments();
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s: the catalogue now has ${total} products (${connection.name}).`);
  } finally {
    await connection.close();
  }
}

main().catch((error: Error) => {
  console.error(`seed:large failed: ${error.message}`);
  process.exit(1);
});
