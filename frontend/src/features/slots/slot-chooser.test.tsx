import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeliverySlots } from '@greencart/domain';
import { describe, expect, it, vi } from 'vitest';
import { SlotChooser } from './components/slot-chooser';

const SLOTS: DeliverySlots = {
  success: true,
  express: { available: false, message: 'Closed now · opens at 09:00' },
  days: [
    {
      date: '2026-11-29',
      label: 'Tomorrow',
      slots: [
        { id: '2026-11-29T07:00', start: '07:00', end: '09:00', left: 1, available: true },
        { id: '2026-11-29T18:00', start: '18:00', end: '20:00', left: 0, available: false, reason: 'Full' },
        { id: '2026-11-29T20:00', start: '20:00', end: '22:00', left: 40, available: true },
      ],
    },
  ],
};

describe('choosing a delivery slot', () => {
  it('offers the open slots as chips, says "Only 1 left", shows full ones greyed, and express only when open', async () => {
    const onChange = vi.fn();
    render(<SlotChooser slots={SLOTS} value={null} onChange={onChange} />);
    expect(screen.getByRole('radio', { name: /Express/ })).toBeDisabled();
    expect(screen.getByText('Closed now · opens at 09:00')).toBeInTheDocument();
    const morning = screen.getByRole('radio', { name: 'Tomorrow 07:00–09:00, Only 1 left' });
    expect(screen.getByRole('radio', { name: 'Tomorrow 18:00–20:00, Full' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Tomorrow 20:00–22:00' })).toBeEnabled();
    await userEvent.click(morning);
    expect(onChange).toHaveBeenCalledWith('2026-11-29T07:00');
  });

  it('shows nothing while the shop offers express only', () => {
    const { container } = render(
      <SlotChooser slots={{ ...SLOTS, express: { available: true, etaMinutes: 30, message: 'x' }, days: [] }} value={null} onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
