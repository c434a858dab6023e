import { quantityOfLabel, type PackQuantity, type ProductCategory } from '@greencart/domain';

/** A pack size of a demo product besides its first (which is the product's own price, offerPrice and weight). */
export interface DemoPackSize {
  label: string;
  price: number;
  offerPrice: number;
  /** What the pack holds when its label does not say it ("6 × 1 L"); otherwise read from the label. */
  size?: PackQuantity;
}

/** One product of the demo catalogue. `images` are files in backend/seed/images (drawn by backend/seed/draw-images.mjs). */
export interface DemoProduct {
  /** Stable key: the product's _id is derived from it, which makes seeding idempotent. */
  key: string;
  name: string;
  category: ProductCategory;
  price: number;
  offerPrice: number;
  weight: string;
  inStock?: boolean;
  /** The product's other pack sizes (issue 37), after its own `weight`; absent for a product of one size. */
  moreSizes?: DemoPackSize[];
  description: string[];
  images: string[];
}

/**
 * A demo product's pack sizes in the seller's order, its own weight and prices first, each with what it
 * holds (for the unit price); undefined for a product of one size, which is stored as before pack sizes.
 */
export function demoPackSizes(item: DemoProduct): { label: string; price: number; offerPrice: number; size?: PackQuantity }[] | undefined {
  if (!item.moreSizes?.length) return undefined;
  return [{ label: item.weight, price: item.price, offerPrice: item.offerPrice }, ...item.moreSizes].map(({ label, price, offerPrice, size }) => {
    const holds = size ?? quantityOfLabel(label);
    return { label, price, offerPrice, ...(holds ? { size: holds } : {}) };
  });
}

/**
 * The shop a fresh install opens with: every category, prices in rupees (some with paise), three items out
 * of stock, and thirteen products in two or three pack sizes (atta, rice, dal, milk, ghee, curd…) with
 * prices that fall per kg or litre as the pack grows.
 */
export const DEMO_CATALOGUE: DemoProduct[] = [
  // Vegetables
  {
    key: 'potatoes',
    name: 'Fresh Potatoes',
    category: 'Vegetables',
    price: 40,
    offerPrice: 35,
    weight: '1 kg',
    description: [
      'Firm, all-purpose potatoes from Agra farms',
      'Ideal for aloo sabzi, parathas and fries',
      'Store in a cool, dark and dry place',
      'Sorted and washed before packing',
    ],
    images: ['potatoes.webp'],
  },
  {
    key: 'tomatoes',
    name: 'Desi Tomatoes',
    category: 'Vegetables',
    price: 45,
    offerPrice: 39.5,
    weight: '500 g',
    description: ['Juicy, tangy country tomatoes', 'Perfect for curries, chutneys and rasam', 'Best kept at room temperature until ripe'],
    images: ['tomatoes.webp'],
  },
  {
    key: 'red-onions',
    name: 'Red Onions',
    category: 'Vegetables',
    price: 60,
    offerPrice: 52,
    weight: '1 kg',
    description: [
      'Nashik red onions with a sharp, sweet bite',
      'The base of every tadka and masala',
      'Dry skins keep them fresh for weeks',
      'Store away from potatoes',
    ],
    images: ['red-onions.webp'],
  },
  {
    key: 'carrots',
    name: 'Ooty Carrots',
    category: 'Vegetables',
    price: 50,
    offerPrice: 44,
    weight: '500 g',
    description: ['Crunchy, sweet hill carrots', 'Great for gajar halwa, salads and juices', 'Rich in beta-carotene', 'Keep refrigerated in a paper bag'],
    images: ['carrots.webp'],
  },
  {
    key: 'spinach',
    name: 'Palak (Spinach) Bunch',
    category: 'Vegetables',
    price: 30,
    offerPrice: 25,
    weight: '250 g',
    description: ['Tender green leaves, harvested this morning', 'Made for palak paneer and dal palak', 'Wash well before cooking'],
    images: ['spinach.webp'],
  },
  {
    key: 'cauliflower',
    name: 'Cauliflower (Gobi)',
    category: 'Vegetables',
    price: 45,
    offerPrice: 39,
    weight: '1 pc (approx. 600 g)',
    description: [
      'Tight, creamy-white florets with fresh leaves',
      'For aloo gobi, gobi paratha and pakoras',
      'Soak florets in warm salted water before cooking',
    ],
    images: ['cauliflower.webp'],
  },
  {
    key: 'bhindi',
    name: 'Lady Finger (Bhindi)',
    category: 'Vegetables',
    price: 40,
    offerPrice: 33.33,
    weight: '500 g',
    description: [
      'Slim, tender okra that snaps cleanly',
      'Perfect for bhindi masala and kurkuri bhindi',
      'Pat dry before cutting to avoid stickiness',
      'Use within 2-3 days',
    ],
    images: ['bhindi.webp'],
  },

  // Fruits
  {
    key: 'bananas',
    name: 'Robusta Bananas',
    category: 'Fruits',
    price: 60,
    offerPrice: 54,
    weight: '6 pcs',
    moreSizes: [{ label: '12 pcs', price: 115, offerPrice: 99 }],
    description: ['Naturally ripened, no carbide', 'A quick energy snack for school and office', 'Great in smoothies and shakes'],
    images: ['bananas.webp'],
  },
  {
    key: 'apples',
    name: 'Shimla Apples',
    category: 'Fruits',
    price: 220,
    offerPrice: 189,
    weight: '1 kg',
    moreSizes: [
      { label: '500 g', price: 115, offerPrice: 99 },
      { label: '2 kg', price: 430, offerPrice: 369 },
    ],
    description: [
      'Crisp, sweet apples from Himachal orchards',
      'Hand-picked and size-graded',
      'Keep refrigerated for longer crunch',
      'An apple a day, as they say',
    ],
    images: ['apples.webp', 'apples-2.webp'],
  },
  {
    key: 'alphonso-mangoes',
    name: 'Alphonso Mangoes',
    category: 'Fruits',
    price: 600,
    offerPrice: 499,
    weight: '1 kg (4-5 pcs)',
    inStock: false,
    description: [
      'Ratnagiri Alphonso, the king of mangoes',
      'Saffron-coloured, fibre-free pulp',
      'Ripen at room temperature in a paper bag',
      'Seasonal: back in stock every April',
    ],
    images: ['alphonso-mangoes.webp'],
  },
  {
    key: 'oranges',
    name: 'Nagpur Oranges',
    category: 'Fruits',
    price: 120,
    offerPrice: 99,
    weight: '1 kg',
    description: ['Sweet and tangy, easy to peel', 'Loaded with vitamin C', 'Squeeze fresh juice in the morning'],
    images: ['oranges.webp'],
  },
  {
    key: 'green-grapes',
    name: 'Green Grapes (Seedless)',
    category: 'Fruits',
    price: 90,
    offerPrice: 79,
    weight: '500 g',
    description: ['Seedless Thompson grapes from Nashik', 'Plump, crunchy and sweet', 'Rinse just before eating', 'Keep chilled'],
    images: ['green-grapes.webp'],
  },
  {
    key: 'pomegranate',
    name: 'Pomegranate (Anar)',
    category: 'Fruits',
    price: 160,
    offerPrice: 139,
    weight: '500 g',
    description: ['Deep red, juicy arils', 'Sprinkle over raita, chaat and salads', 'Rich in antioxidants'],
    images: ['pomegranate.webp'],
  },
  {
    key: 'watermelon',
    name: 'Watermelon',
    category: 'Fruits',
    price: 80,
    offerPrice: 66.67,
    weight: '1 pc (approx. 2 kg)',
    description: [
      'Sweet, crimson flesh with a hollow thump',
      'The best cooler for Indian summers',
      'Chill before cutting',
      'Cut pieces keep 2 days in the fridge',
    ],
    images: ['watermelon.webp'],
  },

  // Drinks
  {
    key: 'classic-cola',
    name: 'Classic Cola',
    category: 'Drinks',
    price: 40,
    offerPrice: 38,
    weight: '750 ml',
    moreSizes: [
      { label: '250 ml', price: 20, offerPrice: 20 },
      { label: '2.25 L', price: 99, offerPrice: 95 },
    ],
    description: ['Fizzy cola with a caramel finish', 'Serve chilled with ice and a lemon wedge', 'Best before: see bottle cap'],
    images: ['classic-cola.webp'],
  },
  {
    key: 'lemon-soda',
    name: 'Nimbu Lemon Soda',
    category: 'Drinks',
    price: 35,
    offerPrice: 33.33,
    weight: '600 ml',
    description: ['Sparkling lemon soda with a hint of black salt', 'Tastes like the street-side shikanji', 'Serve chilled', 'No artificial colours'],
    images: ['lemon-soda.webp'],
  },
  {
    key: 'mango-drink',
    name: 'Mango Fruit Drink',
    category: 'Drinks',
    price: 70,
    offerPrice: 65,
    weight: '1.2 L',
    description: ['Thick mango drink made with Totapuri pulp', 'A summer favourite for kids and grown-ups', 'Shake well before serving'],
    images: ['mango-drink.webp'],
  },
  {
    key: 'coconut-water',
    name: 'Tender Coconut Water',
    category: 'Drinks',
    price: 50,
    offerPrice: 45,
    weight: '200 ml',
    inStock: false,
    description: ['100% natural tender coconut water', 'Naturally rich in electrolytes', 'No added sugar or preservatives', 'Refrigerate after opening'],
    images: ['coconut-water.webp'],
  },
  {
    key: 'cold-coffee',
    name: 'Cold Coffee Can',
    category: 'Drinks',
    price: 60,
    offerPrice: 55,
    weight: '180 ml',
    description: ['Creamy cold coffee made with real milk', 'Brewed from South Indian coffee beans', 'Ready to drink, best served chilled'],
    images: ['cold-coffee.webp'],
  },
  {
    key: 'orange-juice',
    name: 'Orange Juice (No Added Sugar)',
    category: 'Drinks',
    price: 130,
    offerPrice: 116.67,
    weight: '1 L',
    description: [
      'Made from concentrate of sweet oranges',
      'No added sugar, no preservatives',
      'A glass of vitamin C with breakfast',
      'Consume within 3 days of opening',
    ],
    images: ['orange-juice.webp'],
  },

  // Instant
  {
    key: 'masala-noodles',
    name: 'Masala Instant Noodles',
    category: 'Instant',
    price: 56,
    offerPrice: 52,
    weight: '280 g (4 x 70 g)',
    description: ['The 2-minute masala noodles everyone grew up with', 'Comes with a tastemaker sachet in every pack', 'Add vegetables for a heartier bowl'],
    images: ['masala-noodles.webp'],
  },
  {
    key: 'cup-noodles',
    name: 'Veg Cup Noodles',
    category: 'Instant',
    price: 50,
    offerPrice: 45,
    weight: '70 g',
    description: [
      'Just add hot water and wait 3 minutes',
      'With dehydrated carrots, peas and cabbage',
      'Ready-to-eat in its own cup',
      'Perfect for office and travel',
    ],
    images: ['cup-noodles.webp'],
  },
  {
    key: 'instant-poha',
    name: 'Instant Poha Mix',
    category: 'Instant',
    price: 60,
    offerPrice: 54,
    weight: '160 g (2 x 80 g)',
    description: ['Indori-style poha with peanuts and curry leaves', 'Ready in 3 minutes with hot water', 'Squeeze lemon and add sev to serve'],
    images: ['instant-poha.webp'],
  },
  {
    key: 'dal-makhani',
    name: 'Ready-to-Eat Dal Makhani',
    category: 'Instant',
    price: 140,
    offerPrice: 125,
    weight: '300 g',
    description: [
      'Slow-cooked black urad and rajma in butter and cream',
      'Heat the pouch in boiling water for 5 minutes',
      'No preservatives: retort-packed',
      'Serves 2 with rice or naan',
    ],
    images: ['dal-makhani.webp'],
  },
  {
    key: 'tomato-soup',
    name: 'Tomato Soup Mix',
    category: 'Instant',
    price: 55,
    offerPrice: 49.99,
    weight: '4 servings (52 g)',
    description: ['Thick, tangy tomato soup in minutes', 'Whisk into boiling water and simmer for 2 minutes', 'Top with croutons or a dash of cream'],
    images: ['tomato-soup.webp'],
  },
  {
    key: 'upma-mix',
    name: 'Instant Rava Upma Mix',
    category: 'Instant',
    price: 70,
    offerPrice: 63,
    weight: '200 g',
    description: [
      'Roasted semolina with mustard seeds, urad dal and cashews',
      'A South Indian breakfast in 5 minutes',
      'Add chopped vegetables if you like',
      'Store in an airtight container after opening',
    ],
    images: ['upma-mix.webp'],
  },

  // Dairy
  {
    key: 'toned-milk',
    name: 'Toned Milk',
    category: 'Dairy',
    price: 58,
    offerPrice: 56,
    weight: '1 L',
    moreSizes: [{ label: '6 × 1 L', price: 348, offerPrice: 330, size: { amount: 6, unit: 'l' } }],
    description: ['Pasteurised toned milk with 3% fat', 'For tea, coffee and everyday cooking', 'Keep refrigerated below 4°C', 'Boil before use'],
    images: ['toned-milk.webp'],
  },
  {
    key: 'salted-butter',
    name: 'Salted Butter',
    category: 'Dairy',
    price: 60,
    offerPrice: 58,
    weight: '100 g',
    moreSizes: [{ label: '500 g', price: 285, offerPrice: 275 }],
    description: ['Creamy table butter made from fresh cream', 'Spread on toast or melt over pav bhaji', 'Keep refrigerated'],
    images: ['salted-butter.webp'],
  },
  {
    key: 'fresh-paneer',
    name: 'Fresh Malai Paneer',
    category: 'Dairy',
    price: 95,
    offerPrice: 85,
    weight: '200 g',
    moreSizes: [{ label: '500 g', price: 230, offerPrice: 210 }],
    description: [
      'Soft, fresh cottage cheese made daily',
      'Stays soft in paneer butter masala and tikka',
      'Soak in warm water before cooking',
      'Use within 3 days',
    ],
    images: ['fresh-paneer.webp'],
  },
  {
    key: 'set-curd',
    name: 'Set Curd (Dahi)',
    category: 'Dairy',
    price: 50,
    offerPrice: 45,
    weight: '400 g',
    moreSizes: [
      { label: '200 g', price: 28, offerPrice: 25 },
      { label: '1 kg', price: 120, offerPrice: 108 },
    ],
    description: ['Thick, creamy set curd with live cultures', 'For raita, lassi and curd rice', 'Keep refrigerated'],
    images: ['set-curd.webp'],
  },
  {
    key: 'cheese-slices',
    name: 'Cheese Slices',
    category: 'Dairy',
    price: 150,
    offerPrice: 135,
    weight: '200 g (10 slices)',
    description: ['Processed cheese slices that melt evenly', 'For sandwiches, burgers and toasties', 'Individually wrapped', 'Refrigerate after opening'],
    images: ['cheese-slices.webp'],
  },
  {
    key: 'cow-ghee',
    name: 'Pure Cow Ghee',
    category: 'Dairy',
    price: 350,
    offerPrice: 329,
    weight: '500 ml',
    moreSizes: [
      { label: '200 ml', price: 150, offerPrice: 139 },
      { label: '1 L', price: 680, offerPrice: 639 },
    ],
    description: ['Granular ghee with a rich, nutty aroma', 'Slow-cooked the traditional way', 'A spoonful on hot rotis and dal', 'Store at room temperature'],
    images: ['cow-ghee.webp'],
  },

  // Bakery
  {
    key: 'brown-bread',
    name: 'Whole Wheat Bread',
    category: 'Bakery',
    price: 50,
    offerPrice: 45,
    weight: '400 g',
    description: ['Soft bread made with 100% whole wheat flour', 'High in fibre, no maida', 'Baked fresh every morning', 'Best consumed within 4 days'],
    images: ['brown-bread.webp'],
  },
  {
    key: 'white-bread',
    name: 'White Sandwich Bread',
    category: 'Bakery',
    price: 40,
    offerPrice: 38,
    weight: '350 g',
    description: ['Soft, thin-sliced sandwich bread', 'Perfect for Bombay sandwiches and bread pakoda', 'Store in a cool, dry place'],
    images: ['white-bread.webp'],
  },
  {
    key: 'pav-buns',
    name: 'Ladi Pav',
    category: 'Bakery',
    price: 35,
    offerPrice: 30,
    weight: '6 pcs',
    description: ['Pillowy soft Mumbai-style pav', 'Made for pav bhaji, vada pav and misal', 'Toast with butter on a hot tawa'],
    images: ['pav-buns.webp'],
  },
  {
    key: 'croissants',
    name: 'Butter Croissants',
    category: 'Bakery',
    price: 90,
    offerPrice: 79,
    weight: '2 pcs',
    inStock: false,
    description: [
      'Flaky, golden croissants made with real butter',
      'Warm for 2 minutes in the oven before serving',
      'Baked in small batches',
      'Eat the same day for the best crunch',
    ],
    images: ['croissants.webp'],
  },
  {
    key: 'choco-muffins',
    name: 'Chocolate Chip Muffins',
    category: 'Bakery',
    price: 120,
    offerPrice: 99,
    weight: '4 pcs',
    description: ['Moist chocolate muffins studded with chips', 'An easy tiffin treat', 'Eggless'],
    images: ['choco-muffins.webp'],
  },
  {
    key: 'rusk',
    name: 'Elaichi Rusk Toast',
    category: 'Bakery',
    price: 60,
    offerPrice: 54,
    weight: '300 g',
    description: ['Crunchy double-baked rusk with cardamom', 'Made to be dunked in chai', 'Store in an airtight jar'],
    images: ['rusk.webp'],
  },

  // Grains
  {
    key: 'basmati-rice',
    name: 'Basmati Rice',
    category: 'Grains',
    price: 650,
    offerPrice: 579,
    weight: '5 kg',
    moreSizes: [
      { label: '1 kg', price: 150, offerPrice: 135 },
      { label: '10 kg', price: 1250, offerPrice: 1099 },
    ],
    description: [
      'Aged long-grain basmati from the Himalayan foothills',
      'Grains elongate to twice their length when cooked',
      'Fragrant and non-sticky: ideal for biryani and pulao',
      'Soak for 30 minutes before cooking',
    ],
    images: ['basmati-rice.webp'],
  },
  {
    key: 'wheat-atta',
    name: 'Whole Wheat Atta',
    category: 'Grains',
    price: 280,
    offerPrice: 249,
    weight: '5 kg',
    moreSizes: [{ label: '1 kg', price: 62, offerPrice: 56 }],
    description: [
      'Chakki-ground atta from Sharbati wheat',
      'Makes soft rotis that stay soft for hours',
      'Contains 100% whole wheat, no maida',
      'Store in a dry container',
    ],
    images: ['wheat-atta.webp'],
  },
  {
    key: 'toor-dal',
    name: 'Toor Dal',
    category: 'Grains',
    price: 180,
    offerPrice: 159,
    weight: '1 kg',
    moreSizes: [
      { label: '500 g', price: 95, offerPrice: 84 },
      { label: '2 kg', price: 350, offerPrice: 309 },
    ],
    description: ['Unpolished arhar dal, cleaned and sorted', 'Cooks soft for sambar and dal tadka', 'A daily source of plant protein'],
    images: ['toor-dal.webp'],
  },
  {
    key: 'rolled-oats',
    name: 'Rolled Oats',
    category: 'Grains',
    price: 199,
    offerPrice: 179,
    weight: '1 kg',
    moreSizes: [{ label: '500 g', price: 110, offerPrice: 99 }],
    description: ['Wholegrain rolled oats, high in fibre', 'For porridge, overnight oats and oats chilla', 'Cooks in 3 minutes', 'Reseal the pack after use'],
    images: ['rolled-oats.webp'],
  },
  {
    key: 'moong-dal',
    name: 'Yellow Moong Dal',
    category: 'Grains',
    price: 95,
    offerPrice: 86.67,
    weight: '500 g',
    moreSizes: [{ label: '1 kg', price: 180, offerPrice: 165 }],
    description: ['Split and skinned moong, light on the stomach', 'For khichdi, dal fry and moong dal halwa', 'Cooks in 15 minutes without soaking'],
    images: ['moong-dal.webp'],
  },
  {
    key: 'cornflakes',
    name: 'Corn Flakes',
    category: 'Grains',
    price: 190,
    offerPrice: 170,
    weight: '475 g',
    description: ['Crispy golden flakes of corn', 'Serve with cold milk and sliced bananas', 'Fortified with iron and vitamins', 'Keep the inner bag closed'],
    images: ['cornflakes.webp'],
  },
  {
    key: 'kabuli-chana',
    name: 'Kabuli Chana',
    category: 'Grains',
    price: 110,
    offerPrice: 99,
    weight: '500 g',
    description: ['Large, creamy white chickpeas', 'For chole bhature and chana salad', 'Soak overnight before cooking'],
    images: ['kabuli-chana.webp'],
  },
];
