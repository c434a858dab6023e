/** GET /api/seller/products/import/template.csv: the import's columns with two example rows (a plain link downloads it). */
export const IMPORT_TEMPLATE_PATH = '/api/seller/products/import/template.csv';
export const IMPORT_TEMPLATE_NAME = 'greencart-products-template.csv';
