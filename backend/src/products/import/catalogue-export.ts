import { CATALOGUE_CSV_COLUMNS, CSV_LIST_SEPARATOR, gtinCheckDigit, toPaise } from '@greencart/domain';
import { csvLine, moneyCell, textCell } from '../../common/csv/csv-cells';
import type { ExistingProduct, ExistingSize } from './import-targets';

/** The header line of the catalogue CSV (the export's columns, in order). */
export function catalogueHeader(): string {
  return csvLine(CATALOGUE_CSV_COLUMNS.map(textCell));
}

/**
 * One line per pack size, the columns of CATALOGUE_CSV_COLUMNS: text cells quoted and made harmless to
 * spreadsheets as the orders CSV makes them (a leading apostrophe before =, +, -, @, tab or CR, which
 * the import takes off again), prices in rupees with two decimals, an empty stock for a size not counted.
 */
export function productLines(product: ExistingProduct): string {
  return product.sizes.map((size) => sizeLine(product, size)).join('');
}

function sizeLine(product: ExistingProduct, size: ExistingSize): string {
  return csvLine([
    textCell(size.sku ?? ''),
    textCell(size.barcode ?? ''),
    textCell(product.name),
    textCell(product.category),
    textCell(product.description.join(CSV_LIST_SEPARATOR)),
    textCell(size.label),
    size.size ? String(size.size.amount) : '',
    textCell(size.size?.unit ?? ''),
    moneyCell(toPaise(size.price)),
    moneyCell(toPaise(size.offerPrice)),
    size.stock === null ? '' : String(size.stock),
    size.inStock ? 'yes' : 'no',
    textCell(product.image.join(CSV_LIST_SEPARATOR)),
    textCell(product._id),
    textCell(size._id),
    product.gstRate === undefined ? '' : String(product.gstRate),
  ]);
}

const EAN = (body: string) => `${body}${gtinCheckDigit(body)}`;

/** The header and two example rows: one product in two pack sizes, its picture named as a file of the zip. */
export function templateLines(): string {
  const atta = {
    _id: '',
    name: 'Aashirvaad Atta',
    category: 'Grains' as const,
    description: ['Whole wheat atta', 'Stone ground'],
    image: ['atta.jpg'],
  };
  return (
    catalogueHeader() +
    sizeLine(
      { ...atta, sizes: [] },
      {
        _id: '',
        label: '1 kg',
        size: { amount: 1, unit: 'kg' },
        price: 68,
        offerPrice: 62,
        stock: 20,
        inStock: true,
        sku: 'ATTA-1KG',
        barcode: EAN('890123456789'),
      },
    ) +
    sizeLine(
      { ...atta, sizes: [] },
      { _id: '', label: '5 kg', size: { amount: 5, unit: 'kg' }, price: 310, offerPrice: 285, stock: null, inStock: true, sku: 'ATTA-5KG' },
    )
  );
}
