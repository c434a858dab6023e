import { Link } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSellerMay } from '@/features/staff';
import { useDownloadProductsCsv } from '../api/download-products-csv';

export const IMPORT_PAGE_PATH = '/seller/products/import';

const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-gray-300 px-4 text-sm font-medium text-gray-700 transition hover:border-primary hover:text-primary-dull disabled:cursor-wait disabled:opacity-60';

/**
 * The product list's "Export CSV" (the whole catalogue, one row per pack size) and "Import" (to the import page):
 * both need the 'products' permission (a packer, who only switches stock, sees neither).
 */
export function CatalogueActions() {
  const download = useDownloadProductsCsv();
  const mayUse = useSellerMay('products');
  const exportCsv = () => download.mutate(undefined, { onError: (error) => toast.error(errorMessage(error), { id: 'products-csv' }) });
  if (!mayUse) return null;
  return (
    <div className="flex gap-2">
      <button type="button" onClick={exportCsv} disabled={download.isPending} aria-busy={download.isPending} className={buttonClass}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
        </svg>
        {download.isPending ? 'Preparing…' : 'Export CSV'}
      </button>
      <Link to={IMPORT_PAGE_PATH} className={buttonClass}>
        <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
          <path d="M12 15V3M7 8l5-5 5 5M5 21h14" />
        </svg>
        Import
      </Link>
    </div>
  );
}
