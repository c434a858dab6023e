import { Link } from 'react-router-dom';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useImportProgress } from '../api/get-import-progress';
import type { ImportProgress } from '../types';
import { RowErrors } from './row-errors';

const count = (n: number) => n.toLocaleString('en-IN');

/** What the dry run said the file would do (unknown when the page was opened on a running import). */
export interface ExpectedChanges {
  create: number;
  update: number;
  fileName: string;
}

/** One import after it was sent: its progress bar while it runs, then how it ended. */
export function ImportRun({ importId, expected, onAnother }: { importId: string; expected?: ExpectedChanges; onAnother: () => void }) {
  const progress = useImportProgress(importId);

  if (progress.isPending) return <Spinner label="Asking how the import is going…" />;
  if (progress.isError) {
    return (
      <>
        <ErrorNotice error={progress.error} onRetry={() => void progress.refetch()} />
        <div className="mt-4">
          <AnotherButton onClick={onAnother}>Start a new import</AnotherButton>
        </div>
      </>
    );
  }
  const { state, errors } = progress.data;
  if (state === 'done') {
    return (
      <div className="mt-6 rounded-lg border border-primary/40 bg-primary/10 p-4 sm:p-5">
        <p role="status" className="text-base font-medium text-gray-900">
          {expected
            ? `Import finished: ${count(expected.create)} created, ${count(expected.update)} updated`
            : `Import finished: ${count(progress.data.total)} rows applied`}
        </p>
        <p className="mt-1 text-sm text-gray-700">Shoppers see the new catalogue now.</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/seller/product-list" className="inline-flex min-h-11 items-center rounded bg-primary px-5 font-medium text-white hover:bg-primary-dull">
            See the product list
          </Link>
          <AnotherButton onClick={onAnother}>Import another file</AnotherButton>
        </div>
      </div>
    );
  }
  if (state === 'failed') {
    return (
      <div className="mt-6">
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-medium">
            {progress.data.partlyApplied
              ? 'The import stopped part-way: some of its rows may already be in the catalogue.'
              : 'The import failed, and nothing was applied: the catalogue is as it was.'}
          </p>
          {progress.data.message && <p className="mt-1">{progress.data.message}</p>}
          {errors.length === 0 && <p className="mt-1">Please check the file again and apply it once more.</p>}
        </div>
        {errors.length > 0 && <RowErrors errors={errors} caption="What stopped it" />}
        <div className="mt-4">
          <AnotherButton onClick={onAnother}>Check a file again</AnotherButton>
        </div>
      </div>
    );
  }
  return <RunningImport progress={progress.data} expected={expected} />;
}

/** The bar and "done of total" while the file is checked again and applied. */
function RunningImport({ progress, expected }: { progress: ImportProgress; expected?: ExpectedChanges }) {
  const { state, done, total } = progress;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const doing = state === 'checking' ? 'Checking the file' : 'Applying the changes';
  return (
    <div className="mt-6 rounded-lg border border-gray-300 bg-white p-4 sm:p-5" data-testid="import-progress">
      <p className="text-base font-medium text-gray-900" aria-live="polite">
        {doing}…
      </p>
      {expected && (
        <p className="mt-1 text-sm text-gray-600">
          <span className="break-all">{expected.fileName}</span>: {count(expected.create)} to create, {count(expected.update)} to update
        </p>
      )}
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={total || undefined}
        aria-valuenow={total ? done : undefined}
        aria-valuetext={total ? `${count(done)} of ${count(total)} rows` : 'Starting'}
        className="mt-3 h-3 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 flex justify-between text-sm text-gray-700">
        <span>{total ? `${count(done)} of ${count(total)} rows` : 'Starting…'}</span>
        {total > 0 && <span className="text-gray-600">{percent}%</span>}
      </p>
      <p className="mt-3 text-sm text-gray-600">You can leave this page: the import goes on. Shoppers see the new catalogue all at once, when it is done.</p>
    </div>
  );
}

function AnotherButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center rounded border border-gray-300 bg-white px-5 font-medium text-gray-700 hover:border-primary hover:text-primary-dull"
    >
      {children}
    </button>
  );
}
