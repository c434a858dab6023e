/**
 * The demo catalogue's GST rates and HSN codes (issue 54), as the rates stand since 22 September 2025
 * (the GST Council's 56th meeting; Notification No. 9/2025–Central Tax (Rate)). Sources and the
 * reasoning per product: docs/orders.md, "GST rates of the demo catalogue". A shop checks its own
 * products with its accountant: rates are data the owner can change.
 */
export const DEMO_GST: Record<string, { gstRate: number; hsn: string }> = {
  // Fresh vegetables and fruit: nil.
  potatoes: { gstRate: 0, hsn: '0701' },
  tomatoes: { gstRate: 0, hsn: '0702' },
  'red-onions': { gstRate: 0, hsn: '0703' },
  carrots: { gstRate: 0, hsn: '0706' },
  spinach: { gstRate: 0, hsn: '0709' },
  cauliflower: { gstRate: 0, hsn: '0704' },
  bhindi: { gstRate: 0, hsn: '0709' },
  bananas: { gstRate: 0, hsn: '0803' },
  apples: { gstRate: 0, hsn: '0808' },
  'alphonso-mangoes': { gstRate: 0, hsn: '0804' },
  oranges: { gstRate: 0, hsn: '0805' },
  'green-grapes': { gstRate: 0, hsn: '0806' },
  pomegranate: { gstRate: 0, hsn: '0810' },
  watermelon: { gstRate: 0, hsn: '0807' },
  // Carbonated drinks with added sugar and caffeinated drinks: 40%; fruit drinks, juices, tender coconut water and milk drinks: 5%.
  'classic-cola': { gstRate: 40, hsn: '2202' },
  'lemon-soda': { gstRate: 40, hsn: '2202' },
  'mango-drink': { gstRate: 5, hsn: '2202' },
  'coconut-water': { gstRate: 5, hsn: '2202' },
  'cold-coffee': { gstRate: 5, hsn: '2202' },
  'orange-juice': { gstRate: 5, hsn: '2009' },
  // Instant foods, soups and ready-to-eat mixes: 5%.
  'masala-noodles': { gstRate: 5, hsn: '1902' },
  'cup-noodles': { gstRate: 5, hsn: '1902' },
  'instant-poha': { gstRate: 5, hsn: '2106' },
  'dal-makhani': { gstRate: 5, hsn: '2106' },
  'tomato-soup': { gstRate: 5, hsn: '2104' },
  'upma-mix': { gstRate: 5, hsn: '2106' },
  // Milk and paneer: nil; curd, butter, cheese and ghee: 5%.
  'toned-milk': { gstRate: 0, hsn: '0401' },
  'salted-butter': { gstRate: 5, hsn: '0405' },
  'fresh-paneer': { gstRate: 0, hsn: '0406' },
  'set-curd': { gstRate: 5, hsn: '0403' },
  'cheese-slices': { gstRate: 5, hsn: '0406' },
  'cow-ghee': { gstRate: 5, hsn: '0405' },
  // Bread and pav: nil; pastries, muffins and rusk: 5%.
  'brown-bread': { gstRate: 0, hsn: '1905' },
  'white-bread': { gstRate: 0, hsn: '1905' },
  'pav-buns': { gstRate: 0, hsn: '1905' },
  croissants: { gstRate: 5, hsn: '1905' },
  'choco-muffins': { gstRate: 5, hsn: '1905' },
  rusk: { gstRate: 5, hsn: '1905' },
  // Pre-packaged and labelled grains, flour, pulses and cereals: 5%.
  'basmati-rice': { gstRate: 5, hsn: '1006' },
  'wheat-atta': { gstRate: 5, hsn: '1101' },
  'toor-dal': { gstRate: 5, hsn: '0713' },
  'rolled-oats': { gstRate: 5, hsn: '1104' },
  'moong-dal': { gstRate: 5, hsn: '0713' },
  cornflakes: { gstRate: 5, hsn: '1904' },
  'kabuli-chana': { gstRate: 5, hsn: '0713' },
};
