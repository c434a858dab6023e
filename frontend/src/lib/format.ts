import { formatRupees, toPaise } from '@pricing';

/** "₹1,234.50" for a price given in rupees (the API's unit). */
export function formatPrice(rupees: number): string {
  return formatRupees(toPaise(rupees));
}

export { formatRupees };

export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
