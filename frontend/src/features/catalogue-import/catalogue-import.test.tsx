import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProduct } from '@/test/data';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const csv = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });
const WRONG_CSV = 'name,category,price\nTomato,Vegetables,-5\n';
const FIXED_CSV = 'name,category,price\nTomato,Vegetables,40\n';

interface SentImport {
  dryRun: boolean;
  file: string;
  /** The zip's size in bytes (jsdom's multipart bodies lose file names). */
  images: number | null;
}

/** A signed-in seller and the import endpoints: the dry run finds two wrong cells in WRONG_CSV; the apply answers `apply`. */
function sellerImporting({ apply = () => HttpResponse.json({ success: true, importId: 'imp-1' }, { status: 202 }) }: { apply?: () => Response } = {}) {
  const sent: SentImport[] = [];
  server.use(
    sessionHandler({ seller: true }),
    http.post('/api/seller/products/import', async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file') as File;
      const images = form.get('images') as File | null;
      const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
      const text = await file.text();
      sent.push({ dryRun, file: text, images: images ? images.size : null });
      if (!dryRun) return apply();
      return HttpResponse.json(
        text === WRONG_CSV
          ? {
              success: true,
              dryRun: true,
              create: 198,
              update: 2,
              unchanged: 0,
              errors: [
                { row: 7, column: 'sku', message: 'SKU "ATTA-1" is also on line 4' },
                { row: 2, column: 'price', message: 'price must be an amount in rupees above 0' },
              ],
            }
          : { success: true, dryRun: true, create: 200, update: 3, unchanged: 10, errors: [] },
      );
    }),
  );
  return sent;
}

describe('importing the catalogue from a CSV file', () => {
  it('shows the dry run’s wrong rows; the fixed file is applied, its progress followed to the end, and the product list reloaded', async () => {
    const sent = sellerImporting();
    let finished = false;
    let progressAsked = 0;
    server.use(
      http.get('/api/seller/products/import/:id', ({ params }) => {
        progressAsked += 1;
        expect(params.id).toBe('imp-1');
        return HttpResponse.json(
          finished
            ? { success: true, state: 'done', done: 213, total: 213, errors: [] }
            : { success: true, state: 'applying', done: 120, total: 213, errors: [] },
        );
      }),
      http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
      http.get('/api/products', () =>
        HttpResponse.json({
          success: true,
          products: finished ? [aProduct({ name: 'Tomato' })] : [],
          page: 1,
          limit: 20,
          total: finished ? 1 : 0,
          totalPages: 1,
        }),
      ),
    );
    const { user, router } = renderWithApp('/seller/product-list');

    await screen.findByText('No products yet. Add one from Add Product.');
    await user.click(screen.getByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import products' })).toBeInTheDocument();
    // The limits are said before anything is picked, and the template is a link.
    expect(screen.getByText(/At most 5 MB and 5,000 rows/)).toBeInTheDocument();
    expect(screen.getByText(/At most 50 MB/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the template' })).toHaveAttribute('href', '/api/seller/products/import/template.csv');

    await user.upload(screen.getByLabelText('Catalogue file (CSV)'), csv(WRONG_CSV));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const check = within(await screen.findByTestId('import-check'));
    expect(check.getByRole('heading')).toHaveTextContent('Check of products.csv');
    expect(
      check
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['198', '2', '0']);
    expect(check.getByRole('alert')).toHaveTextContent('2 problems to fix first');
    // By line, each with its column and message.
    expect(check.getAllByTestId('row-error').map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Line 2', 'price', 'price must be an amount in rupees above 0'],
      ['Line 7', 'sku', 'SKU "ATTA-1" is also on line 4'],
    ]);
    expect(check.getByRole('button', { name: 'Apply import' })).toBeDisabled();
    expect(sent).toEqual([{ dryRun: true, file: WRONG_CSV, images: null }]);

    // The fixed file (saved again and picked again), with its pictures.
    await user.upload(screen.getByLabelText('Catalogue file (CSV)'), csv(FIXED_CSV));
    expect(screen.queryByTestId('import-check')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText(/^Pictures/), new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'pictures.zip', { type: 'application/zip' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const fixed = within(await screen.findByTestId('import-check'));
    expect(
      fixed
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['200', '3', '10']);
    expect(fixed.queryAllByTestId('row-error')).toEqual([]);
    await user.click(fixed.getByRole('button', { name: 'Apply import' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '120');
    expect(bar).toHaveAttribute('aria-valuemax', '213');
    expect(screen.getByText('120 of 213 rows')).toBeInTheDocument();
    expect(screen.getByText('Applying the changes…')).toBeInTheDocument();
    // The running import is in the address: a reload follows it again.
    expect(router.state.location.search).toBe('?import=imp-1');
    expect(sent.slice(1)).toEqual([
      { dryRun: true, file: FIXED_CSV, images: 4 },
      { dryRun: false, file: FIXED_CSV, images: 4 },
    ]);

    finished = true;
    expect(await screen.findByText('Import finished: 200 created, 3 updated')).toBeInTheDocument();
    const asked = progressAsked;
    await user.click(screen.getByRole('link', { name: 'See the product list' }));
    // The list seen before the import is reloaded: the new product shows.
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(screen.getAllByText('Tomato').length).toBeGreaterThan(0);
    // A finished import is not asked about again.
    expect(progressAsked).toBe(asked);
  });

  it('a 409 says why nothing was applied: another import running, or rows that are wrong now', async () => {
    let answer = 0;
    sellerImporting({
      apply: () => {
        answer += 1;
        return answer === 1
          ? HttpResponse.json({ success: false, message: 'Another import is running: wait for it to finish, then try again', errors: [] }, { status: 409 })
          : HttpResponse.json(
              {
                success: false,
                message: '1 row is wrong: nothing was imported',
                errors: [{ row: 12, column: 'category', message: 'Unknown category "Veggies"' }],
              },
              { status: 409 },
            );
      },
    });
    const { user } = renderWithApp('/seller/products/import');

    await user.upload(await screen.findByLabelText('Catalogue file (CSV)'), csv(FIXED_CSV));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Apply import' }));

    expect(await screen.findByText('Another import is running: wait for it to finish, then try again')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('row-error')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(await screen.findByText('1 row is wrong: nothing was imported')).toBeInTheDocument();
    expect(screen.getAllByTestId('row-error').map((row) => row.textContent)).toEqual(['Line 12categoryUnknown category "Veggies"']);
  });

  it('opened on a failed import (?import=…): says nothing was applied and shows what stopped it', async () => {
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/products/import/:id', () =>
        HttpResponse.json({
          success: true,
          state: 'failed',
          done: 40,
          total: 300,
          message: 'A picture could not be stored',
          errors: [{ row: 41, column: 'images', message: 'tomato.jpg is not a picture' }],
        }),
      ),
    );
    const { user, router } = renderWithApp('/seller/products/import?import=imp-2');

    expect(await screen.findByRole('alert')).toHaveTextContent('The import failed, and nothing was applied');
    expect(screen.getByRole('alert')).toHaveTextContent('A picture could not be stored');
    expect(screen.getByTestId('row-error')).toHaveTextContent('Line 41imagestomato.jpg is not a picture');
    await user.click(screen.getByRole('button', { name: 'Check a file again' }));
    expect(await screen.findByLabelText('Catalogue file (CSV)')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opened on an import that stopped part-way: says some rows may be applied, and why', async () => {
    const message =
      'The import stopped part-way (its planned writes are missing from the database). Some rows may already be applied: fix what is said and import the file again (rows already applied count as unchanged).';
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/products/import/:id', () =>
        HttpResponse.json({ success: true, state: 'failed', done: 0, total: 2, errors: [], partlyApplied: true, message }),
      ),
    );
    renderWithApp('/seller/products/import?import=imp-3');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The import stopped part-way: some of its rows may already be in the catalogue.');
    expect(alert).not.toHaveTextContent('nothing was applied');
    expect(alert).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Check a file again' })).toBeInTheDocument();
  });

  it('refuses a file that is not CSV or too large before sending it', async () => {
    const sent = sellerImporting();
    const { user } = renderWithApp('/seller/products/import');

    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(screen.getByText('Pick the CSV file to import')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Catalogue file (CSV)'), csv('x'.repeat(5 * 1024 * 1024 + 1), 'huge.csv'));
    expect(screen.getByText('huge.csv is larger than 5 MB: split it into smaller files')).toBeInTheDocument();
    expect(screen.getByLabelText('Catalogue file (CSV)')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(sent).toEqual([]);
  });
});

describe('exporting the catalogue', () => {
  // jsdom has no object URLs: the downloaded file gets a stand-in.
  const saved = { create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'), revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL') };
  const made: Blob[] = [];
  beforeAll(() => {
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      writable: true,
      value: (blob: Blob) => {
        made.push(blob);
        return 'blob:csv';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  });
  afterAll(() => {
    for (const [name, descriptor] of [
      ['createObjectURL', saved.create],
      ['revokeObjectURL', saved.revoke],
    ] as const) {
      if (descriptor) Object.defineProperty(URL, name, descriptor);
      else Reflect.deleteProperty(URL, name);
    }
  });

  it('"Export CSV" on the product list downloads products.csv; a refusal is said, not saved', async () => {
    let refuse = false;
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/stock', () => HttpResponse.json({ success: true, stock: [] })),
      http.get('/api/seller/products.csv', () =>
        refuse
          ? HttpResponse.json({ success: false, message: 'Please sign in to continue.' }, { status: 401 })
          : new HttpResponse('\uFEFFsku,barcode,name\n', {
              headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="products.csv"' },
            }),
      ),
    );
    const { user } = renderWithApp('/seller/product-list');

    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(made).toHaveLength(1));
    expect(await made[0]!.text()).toContain('sku,barcode,name');

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Please sign in to continue.')).toBeInTheDocument();
    expect(made).toHaveLength(1);
  });
});
