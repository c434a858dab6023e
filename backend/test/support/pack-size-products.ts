/** A product in three pack sizes as the seller's form sends it: 1 kg (default, 20 counted), 5 kg (5 counted), 10 kg (not counted). */
export const ATTA = {
  name: 'Aashirvaad Atta',
  description: 'Whole wheat',
  category: 'Grains',
  variants: [
    { label: '1 kg', price: 68, offerPrice: 62, stock: 20 },
    { label: '5 kg', price: 310, offerPrice: 285, size: { amount: 5, unit: 'kg' }, stock: 5 },
    { label: '10 kg', price: 600, offerPrice: 549 },
  ],
};
