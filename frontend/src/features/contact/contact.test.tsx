import type { TaxMode } from '@greencart/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { server, shopTaxHandler } from '@/test/server';

/** The answer under "Do prices include tax?" on the contact page. */
async function taxAnswerIn(taxMode: TaxMode) {
  server.use(shopTaxHandler(taxMode));
  renderWithApp('/contact');
  const question = await screen.findByText('Do prices include tax?');
  return () => question.closest('details')!.querySelector('p')!.textContent;
}

describe('the contact page’s FAQ about tax (issue 54)', () => {
  it('flat: the 2% is added at checkout', async () => {
    const answer = await taxAnswerIn('flat');
    expect(answer()).toBe(
      'No: the prices on the shelves are before tax. A 2% tax is added at checkout, shown as its own line in your cart before you order. Delivery is free.',
    );
  });

  it('gst: the prices are MRPs with GST inside, nothing added', async () => {
    const answer = await taxAnswerIn('gst');
    await waitFor(() =>
      expect(answer()).toBe(
        'Yes: the prices on the shelves are MRPs that include GST. Nothing is added at checkout; your cart and your bill show how much GST the total includes.',
      ),
    );
  });

  it.each(['composition', 'unregistered'] as const)('%s: nothing is added, and no tax is claimed', async (taxMode) => {
    const answer = await taxAnswerIn(taxMode);
    await waitFor(() => expect(answer()).toBe('The prices on the shelves are what you pay: nothing is added to them at checkout.'));
  });
});
