export { CatalogueActions, IMPORT_PAGE_PATH } from './components/catalogue-actions';
/** The import page loads with its route, inside the seller area. */
export const loadCatalogueImportPage = () => import('./routes/import-products');
