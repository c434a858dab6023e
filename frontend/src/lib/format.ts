import { formatRupees, toPaise } from '@greencart/domain';

/** "₹1,234.50" for a price given in rupees (the API's unit). */
export function formatPrice(rupees: number): string {
  return formatRupees(toPaise(rupees));
}

export { formatRupees };

/** "1 order", "3 orders". */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
