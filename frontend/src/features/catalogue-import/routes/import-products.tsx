import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/api-client';
import { pluralize } from '@/lib/format';
import { useCheckImport } from '../api/check-import';
import { IMPORT_TEMPLATE_NAME, IMPORT_TEMPLATE_PATH } from '../api/import-template';
import { ImportRefused, useStartImport } from '../api/start-import';
import { FileField } from '../components/file-field';
import { ImportRun, type ExpectedChanges } from '../components/import-run';
import { RowErrors } from '../components/row-errors';
import { catalogueFileProblem, MAX_IMPORT_FILE_MB, MAX_IMPORT_ROWS, MAX_IMPORT_ZIP_MB, picturesZipProblem } from '../import-limits';
import type { ImportCheck } from '../types';

/**
 * /seller/products/import: pick the CSV (and a zip of pictures), check it (a dry run: rows to create,
 * update and leave, every wrong cell), then apply it and watch its progress. The running import's id is
 * in the address (?import=…), so a reload or a return to the page follows it again.
 */
export function ImportProductsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const importId = searchParams.get('import');
  const [expected, setExpected] = useState<ExpectedChanges>();

  return (
    <section aria-labelledby="import-heading" className="max-w-4xl">
      <title>Import products · GreenCart seller</title>
      <Link to="/seller/product-list" className="inline-flex min-h-11 items-center text-sm text-primary-dull underline underline-offset-2">
        ← Product list
      </Link>
      <h1 id="import-heading" className="text-lg font-medium text-gray-900">
        Import products
      </h1>
      <p className="mt-1 text-sm text-gray-600">
        Add and change many products at once from a spreadsheet saved as CSV. Check the file first: nothing changes until you apply it, and then everything
        changes at once, or nothing.
      </p>
      {importId ? (
        <ImportRun
          importId={importId}
          expected={expected}
          onAnother={() => {
            setExpected(undefined);
            setSearchParams({});
          }}
        />
      ) : (
        <ImportForm
          onStarted={(id, check, fileName) => {
            setExpected({ create: check.create, update: check.update, fileName });
            setSearchParams({ import: id });
          }}
        />
      )}
    </section>
  );
}

function ImportForm({ onStarted }: { onStarted: (importId: string, check: ImportCheck, fileName: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const check = useCheckImport();
  const start = useStartImport();
  const id = useId();
  const fileProblem = file ? catalogueFileProblem(file) : triedEmpty ? 'Pick the CSV file to import' : undefined;
  const imagesProblem = images ? picturesZipProblem(images) : undefined;

  // Another file makes the last check (and refusal) stale.
  const picked = (set: (file: File | null) => void) => (next: File | null) => {
    set(next);
    setTriedEmpty(false);
    check.reset();
    start.reset();
  };

  const runCheck = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setTriedEmpty(true);
      return;
    }
    if (fileProblem || imagesProblem) return;
    start.reset();
    check.mutate({ file, images });
  };

  const result = check.data;
  const apply = () => {
    if (!file || !result) return;
    start.mutate({ file, images }, { onSuccess: (importId) => onStarted(importId, result, file.name) });
  };

  return (
    <>
      <form onSubmit={runCheck} noValidate className="mt-6 flex flex-col gap-5 rounded-lg border border-gray-300 bg-white p-4 sm:p-5">
        <FileField
          id={`${id}-file`}
          label="Catalogue file (CSV)"
          accept=".csv,text/csv"
          problem={fileProblem}
          onPick={picked(setFile)}
          hint={`The export's columns, in any order; comma or semicolon separated. At most ${MAX_IMPORT_FILE_MB} MB and ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows.`}
        />
        <FileField
          id={`${id}-images`}
          label={
            <>
              Pictures <span className="font-normal text-gray-600">(optional .zip)</span>
            </>
          }
          accept=".zip,application/zip"
          problem={imagesProblem}
          onPick={picked(setImages)}
          hint={`The pictures the images column names, by file name. At most ${MAX_IMPORT_ZIP_MB} MB.`}
        />
        <p className="text-sm text-gray-600">
          New to this?{' '}
          <a href={IMPORT_TEMPLATE_PATH} download={IMPORT_TEMPLATE_NAME} className="font-medium text-primary-dull underline underline-offset-2">
            Download the template
          </a>{' '}
          (the columns with two example rows), or export your products from the product list and change them.
        </p>
        <div>
          <button
            type="submit"
            disabled={check.isPending}
            aria-busy={check.isPending}
            className="min-h-11 w-full rounded bg-primary px-6 font-medium text-white transition hover:bg-primary-dull disabled:cursor-wait disabled:opacity-70 sm:w-auto"
          >
            {check.isPending ? 'Checking…' : result ? 'Check again' : 'Check file'}
          </button>
        </div>
        {check.isError && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {errorMessage(check.error)}
          </p>
        )}
      </form>

      {result && file && <CheckResult fileName={file.name} result={result} applying={start.isPending} onApply={apply} />}
      {start.isError && <Refusal error={start.error} />}
    </>
  );
}

/** The dry run: rows to create, update and leave, and every wrong cell; "Apply import" once there is something to change and nothing wrong. */
function CheckResult({ fileName, result, applying, onApply }: { fileName: string; result: ImportCheck; applying: boolean; onApply: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Each answer is brought into view and read out from its heading (on a phone it is below the form).
  useEffect(() => heading.current?.focus(), [result]);
  const changes = result.create + result.update;
  const wrong = result.errors.length;
  const note = wrong
    ? `${pluralize(wrong, 'problem')} to fix first. Change them in your spreadsheet, save it as CSV, pick it again and check it. Nothing is imported while any row is wrong.`
    : changes === 0
      ? 'Nothing to change: every row is already in the shop as the file says.'
      : `Ready: applying changes the catalogue all at once.`;
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-6" data-testid="import-check">
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className="scroll-mt-4 text-base font-medium text-gray-900 outline-none">
        Check of <span className="break-all">{fileName}</span>
      </h2>
      <table className="mt-3 w-full table-fixed border-separate border-spacing-2 text-center sm:w-auto sm:border-spacing-3">
        <caption className="sr-only">Rows of the file by what importing it does</caption>
        <thead>
          <tr className="text-xs font-medium text-gray-600 sm:text-sm">
            <th scope="col">To create</th>
            <th scope="col">To update</th>
            <th scope="col">Unchanged</th>
          </tr>
        </thead>
        <tbody>
          <tr className="text-2xl font-semibold text-gray-900">
            <td className="rounded-md bg-primary/10 px-3 py-2 sm:min-w-32">{result.create.toLocaleString('en-IN')}</td>
            <td className="rounded-md bg-sky-50 px-3 py-2 sm:min-w-32">{result.update.toLocaleString('en-IN')}</td>
            <td className="rounded-md bg-gray-100 px-3 py-2 sm:min-w-32">{result.unchanged.toLocaleString('en-IN')}</td>
          </tr>
        </tbody>
      </table>
      <p id={`${id}-note`} role={wrong ? 'alert' : 'status'} className={`mt-3 text-sm ${wrong ? 'font-medium text-red-800' : 'text-gray-700'}`}>
        {note}
      </p>
      {wrong > 0 && <RowErrors errors={result.errors} caption="Rows to fix" />}
      <button
        type="button"
        onClick={onApply}
        disabled={wrong > 0 || changes === 0 || applying}
        aria-busy={applying}
        aria-describedby={`${id}-note`}
        className="mt-4 min-h-11 w-full rounded bg-primary px-6 font-medium text-white transition hover:bg-primary-dull disabled:cursor-not-allowed disabled:bg-gray-300 disabled:text-gray-600 sm:w-auto"
      >
        {applying ? 'Sending…' : 'Apply import'}
      </button>
    </section>
  );
}

/** Why the import was not started: a 409 (wrong rows, or another import running) with its rows, or any other error. */
function Refusal({ error }: { error: Error }) {
  const rows = error instanceof ImportRefused ? error.rows : [];
  return (
    <div className="mt-4">
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {errorMessage(error)}
      </p>
      {rows.length > 0 && <RowErrors errors={rows} caption="Rows to fix" />}
    </div>
  );
}
