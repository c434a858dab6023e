import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server } from '@/test/server';

// The results page's code, held back until the test lets it arrive (a slow download on a busy machine).
const pagesCode = vi.hoisted(() => {
  let asked!: () => void;
  let release!: () => void;
  return {
    asked: new Promise<void>((resolve) => (asked = resolve)),
    arrived: new Promise<void>((resolve) => (release = resolve)),
    ask: () => asked(),
    release: () => release(),
  };
});
vi.mock('@/features/products/routes/pages', async (importOriginal) => {
  pagesCode.ask();
  await pagesCode.arrived;
  return importOriginal();
});

describe('typing in the search box', () => {
  it('keeps every key typed while the results page it went to is still on its way', async () => {
    server.use(http.get('/api/products', () => HttpResponse.json({ success: true, products: [], page: 1, limit: 6, total: 0, totalPages: 1 })));
    const { user, router } = renderWithApp('/');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'amul but');
    // The pause sent the shopper towards the results for "amul but", whose page has not arrived yet.
    await pagesCode.asked;
    await user.type(box, 'te');
    expect(box).toHaveValue('amul butte');
    pagesCode.release();
    expect(await screen.findByRole('heading', { level: 1, name: /all products/i })).toBeInTheDocument();
    expect(box).toHaveValue('amul butte');
    await user.type(box, 'r 500g');
    expect(box).toHaveValue('amul butter 500g');
    await waitFor(() => expect(router.state.location.search).toBe('?search=amul%20butter%20500g'));
    expect(box).toHaveValue('amul butter 500g');
  });
});
