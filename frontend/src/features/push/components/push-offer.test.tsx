import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installPrompt, type InstallPromptEvent } from '@/lib/install-prompt';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/test/server';
import { NotificationSettings, OrderUpdatesOffer } from './push-offer';

const toasts = vi.hoisted(() => ({ info: vi.fn(), success: vi.fn(), error: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: toasts }));

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const browserKeys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** A browser that can take pushes: permission `permission`, subscribed already or not. */
function pushBrowser({ permission = 'default' as NotificationPermission, answer = 'granted' as NotificationPermission, subscribed = false } = {}) {
  let subscription: PushSubscription | null = null;
  const fakeSubscription = {
    endpoint: 'https://push.example/abc',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: browserKeys }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  } as unknown as PushSubscription;
  if (subscribed) subscription = fakeSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async () => {
      subscription = fakeSubscription;
      return fakeSubscription;
    }),
  };
  const registration = { pushManager };
  const notification = { permission, requestPermission: vi.fn(async () => ((notification.permission = answer), answer)) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { pushManager, notification, fakeSubscription };
}

function renderWithQueries(ui: React.ReactNode) {
  return render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);
}

describe('the offer of order updates after an order', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    installPrompt.forget();
    vi.clearAllMocks();
  });

  it('shows nothing where the browser can neither take pushes nor install', () => {
    const { container } = renderWithQueries(<OrderUpdatesOffer />);
    expect(container).toBeEmptyDOMElement();
  });

  it('asks for permission only when the shopper clicks, subscribes with the shop’s key and tells the shop', async () => {
    const { pushManager, notification } = pushBrowser();
    let sent: unknown;
    server.use(
      http.get('/api/push/key', () => HttpResponse.json({ success: true, publicKey: KEY })),
      http.post('/api/push/subscribe', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true }, { status: 201 });
      }),
    );
    renderWithQueries(<OrderUpdatesOffer />);
    const button = await screen.findByRole('button', { name: 'Get order updates' });
    expect(notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    expect(await screen.findByText('Order updates are on for this device.')).toBeInTheDocument();
    expect(notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(sent).toEqual({ endpoint: 'https://push.example/abc', keys: browserKeys, account: 'shopper' });
  });

  it('says how to allow notifications when the shopper says no, and subscribes nothing', async () => {
    const { pushManager } = pushBrowser({ answer: 'denied' });
    server.use(http.get('/api/push/key', () => HttpResponse.json({ success: true, publicKey: KEY })));
    renderWithQueries(<OrderUpdatesOffer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Get order updates' }));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith(expect.stringMatching(/blocked.*site settings/), { id: 'push' }));
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('"Not now" puts it away on this device', async () => {
    pushBrowser();
    const first = renderWithQueries(<OrderUpdatesOffer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('button', { name: 'Get order updates' })).not.toBeInTheDocument();
    first.unmount();
    const { container } = renderWithQueries(<OrderUpdatesOffer />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers "Add to home screen" when the browser has its install offer, and shows it on click', async () => {
    const event = Object.assign(new Event('beforeinstallprompt'), {
      prompt: vi.fn(async () => undefined),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    }) as unknown as InstallPromptEvent;
    installPrompt.keep(event);
    renderWithQueries(<OrderUpdatesOffer />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to home screen' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Add to home screen' })).not.toBeInTheDocument();
  });
});

describe('notification settings on the account page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('shows the switch as on for a subscribed browser and turns it off on the shop and in the browser', async () => {
    const { fakeSubscription } = pushBrowser({ permission: 'granted', subscribed: true });
    let sent: unknown;
    server.use(
      http.post('/api/push/unsubscribe', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ success: true });
      }),
    );
    renderWithQueries(<NotificationSettings />);
    expect(await screen.findByText(/On: you get order updates/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Get order updates' })).toBeInTheDocument();
    expect(sent).toEqual({ endpoint: 'https://push.example/abc', account: 'shopper' });
    expect(fakeSubscription.unsubscribe).toHaveBeenCalled();
  });

  it('says so when notifications are blocked', async () => {
    pushBrowser({ permission: 'denied' });
    renderWithQueries(<NotificationSettings />);
    expect(await screen.findByText(/Notifications are blocked for GreenCart/)).toBeInTheDocument();
  });
});
