import { formatRupees, toPaise } from '@greencart/domain';

/** "₹1,234.50" for a price given in rupees (the API's unit). */
export function formatPrice(rupees: number): string {
  return formatRupees(toPaise(rupees));
}

export { formatRupees };

export { pluralize } from './pluralize';
