import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBar } from './offline-bar';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('the offline bar', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing online, says "You are offline" in a status region while offline, and goes when the connection is back', () => {
    render(<OfflineBar />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    goOffline(true);
    expect(status).toHaveTextContent('You are offline.');
    expect(status).toHaveTextContent('Cart changes are kept on this device and saved when you are back; ordering waits until then.');

    goOffline(false);
    expect(status).toBeEmptyDOMElement();
  });

  it('shows at once when the page opens without a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBar />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');
  });
});
