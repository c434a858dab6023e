import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPrompt } from '@/lib/install-prompt';

const registered = vi.hoisted(() => ({ options: undefined as undefined | { onNeedRefresh?: () => void; immediate?: boolean } }));
vi.mock('virtual:pwa-register', () => ({
  registerSW: (options: typeof registered.options) => {
    registered.options = options;
    return async () => undefined;
  },
}));
const toasts = vi.hoisted(() => ({ info: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

describe('starting the installable app', () => {
  afterEach(() => {
    document.getElementById('offline-bar')?.remove();
    installPrompt.forget();
  });

  it('registers the service worker, says "new version" when one waits (without applying it), mounts the offline bar and keeps the install offer', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
    const { startPwa, UPDATE_MESSAGE } = await import('./start-pwa');
    startPwa();
    expect(registered.options?.immediate).toBe(true);
    expect(document.getElementById('offline-bar')).not.toBeNull();
    expect(await screen.findByRole('status')).toBeInTheDocument();

    expect(toasts.info).not.toHaveBeenCalled();
    registered.options!.onNeedRefresh!();
    expect(toasts.info).toHaveBeenCalledWith(UPDATE_MESSAGE, { id: 'app-update' });
    expect(UPDATE_MESSAGE).toMatch(/new version/i);
    expect(UPDATE_MESSAGE).toMatch(/next time/);

    // The browser's own install offer is held back for after an order.
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(installPrompt.get()).toBe(offer));
  });
});
