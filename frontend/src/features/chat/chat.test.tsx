import type { ChatMessage } from '@greencart/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { aUser } from '@/test/data';
import type { FakeSocket } from '@/test/fake-socket';
import { renderWithApp } from '@/test/render';
import { server, sessionHandler } from '@/test/server';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('@/test/fake-socket');
  return {
    io: (options: unknown) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});

const ORDER_ID = '65f1c0ffee0000000000abcd';
const ORDER_NUMBER = 'GC-10003';
let clock = 0;
const aMessage = (overrides: Partial<ChatMessage>): ChatMessage => ({
  _id: `message-${++clock}`,
  userId: 'user-1',
  from: 'user',
  text: 'Hello',
  createdAt: new Date(Date.UTC(2025, 5, 12, 10, clock)).toISOString(),
  ...overrides,
});

/** The socket the page opens next (each test signs in someone new, so it is a new one). */
async function nextSocket(before: number): Promise<FakeSocket> {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(before));
  return sockets.at(-1)!;
}

function signedInShopper(userId: string) {
  server.use(sessionHandler({ shopper: aUser({ _id: userId }) }));
}

describe('Chat with Shop', () => {
  it('shows the history, sends the order with the first message, and takes replies live', async () => {
    const userId = 'shopper-a';
    signedInShopper(userId);
    const welcome = aMessage({ userId, from: 'seller', text: 'Welcome to GreenCart!' });
    let reads = 0;
    server.use(
      http.get('/api/chat/messages', () => HttpResponse.json({ success: true, messages: [welcome], hasMore: false, unread: 1 })),
      http.post('/api/chat/read', () => {
        reads += 1;
        return HttpResponse.json({ success: true });
      }),
    );
    const before = sockets.length;
    const { user } = renderWithApp(`/chat?order=${ORDER_ID}&number=${ORDER_NUMBER}`);

    expect(await screen.findByRole('heading', { name: 'Chat with Shop' })).toBeInTheDocument();
    const socket = await nextSocket(before);
    expect(socket.options).toMatchObject({
      path: '/socket.io',
      withCredentials: true,
      auth: {},
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    });
    expect(await screen.findByTestId('connection-status')).toHaveTextContent('Connecting…');
    act(() => socket.connectNow());
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Online');

    expect(await screen.findByText('Welcome to GreenCart!')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(1));
    expect(screen.getByTestId('chat-order-reference')).toHaveTextContent(`About order ${ORDER_NUMBER}`);

    const box = screen.getByRole('textbox', { name: 'Message to the shop' });
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();

    socket.answer = (_event, payload) => ({
      success: true,
      message: aMessage({ userId, ...(payload as { text: string; orderId: string }), orderNumber: ORDER_NUMBER }),
    });
    await user.clear(box);
    await user.type(box, 'Where is my order?{Enter}');

    expect(socket.emitted).toEqual([{ event: 'sendmessage-to-seller', payload: { text: 'Where is my order?', orderId: ORDER_ID } }]);
    const sent = (await screen.findByText('Where is my order?')).closest('li')!;
    expect(within(sent).getByTestId('chat-message-order')).toHaveTextContent(`About order ${ORDER_NUMBER}`);
    expect(within(sent).getByRole('link', { name: ORDER_NUMBER })).toHaveAttribute('href', `/My-orders?order=${ORDER_NUMBER}`);
    await waitFor(() => expect(screen.queryByTestId('chat-order-reference')).not.toBeInTheDocument());
    expect(box).toHaveValue('');

    act(() => socket.push('recive-this-message-foruser', aMessage({ userId, from: 'seller', text: 'It leaves in 5 minutes.' })));
    expect(await screen.findByText('It leaves in 5 minutes.')).toBeInTheDocument();
    expect(screen.getByText('GreenCart replied: It leaves in 5 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
  });

  it('keeps the text and says why when the shop refuses a message; Shift+Enter starts a new line', async () => {
    const userId = 'shopper-b';
    signedInShopper(userId);
    server.use(http.get('/api/chat/messages', () => HttpResponse.json({ success: true, messages: [], hasMore: false, unread: 0 })));
    const before = sockets.length;
    const { user } = renderWithApp('/chat');
    const socket = await nextSocket(before);
    act(() => socket.connectNow());
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Message to the shop' });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}Second line');
    expect(box).toHaveValue('First line\nSecond line');
    expect(socket.emitted).toEqual([]);

    socket.answer = () => ({ success: false, message: 'You are sending messages too fast; please wait a few seconds' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are sending messages too fast; please wait a few seconds')).toBeInTheDocument();
    expect(socket.emitted).toEqual([{ event: 'sendmessage-to-seller', payload: { text: 'First line\nSecond line' } }]);
    expect(box).toHaveValue('First line\nSecond line');
  });

  it('cannot send while the connection is down', async () => {
    signedInShopper('shopper-c');
    server.use(http.get('/api/chat/messages', () => HttpResponse.json({ success: true, messages: [], hasMore: false, unread: 0 })));
    const before = sockets.length;
    const { user } = renderWithApp('/chat');
    const socket = await nextSocket(before);
    act(() => socket.connectNow());
    await user.type(await screen.findByRole('textbox', { name: 'Message to the shop' }), 'Hello');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();

    act(() => {
      socket.connected = false;
      socket.push('disconnect', 'transport close');
    });
    expect(screen.getByTestId('connection-status')).toHaveTextContent('Reconnecting…');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.getByText('You can send once the chat is back online.')).toBeInTheDocument();
  });

  it('counts unread replies in the navigation as they arrive', async () => {
    const userId = 'shopper-d';
    signedInShopper(userId);
    let unread = 2;
    server.use(http.get('/api/chat/unread', () => HttpResponse.json({ success: true, unread })));
    const before = sockets.length;
    renderWithApp('/contact');

    expect(await screen.findByRole('link', { name: 'Chat with Shop, 2 unread replies' })).toHaveAttribute('href', '/chat');
    const socket = await nextSocket(before);
    act(() => socket.connectNow());
    unread = 3;
    act(() => socket.push('recive-this-message-foruser', aMessage({ userId, from: 'seller', text: 'Anything else?' })));
    expect(await screen.findByRole('link', { name: 'Chat with Shop, 3 unread replies' })).toBeInTheDocument();
  });
});

describe('User Message Inbox', () => {
  it('lists conversations, opens one, replies, and takes the shopper’s messages live', async () => {
    const ravi = { userId: 'shopper-ravi', name: 'Ravi', email: 'ravi@example.com' };
    const question = aMessage({ userId: ravi.userId, text: 'Do you have mangoes?', orderId: ORDER_ID, orderNumber: ORDER_NUMBER });
    // A message from before numbers were stored (and resolved) still links to its order by id.
    const older = aMessage({ userId: ravi.userId, text: 'And lemons?', orderId: '65f1c0ffee0000000000dcba' });
    const reads: string[] = [];
    server.use(
      sessionHandler({ seller: true }),
      http.get('/api/seller/chats/unread', () => HttpResponse.json({ success: true, unread: 1 })),
      http.get('/api/seller/chats', () =>
        HttpResponse.json({
          success: true,
          conversations: [{ ...ravi, lastMessage: { text: question.text, from: 'user', createdAt: question.createdAt }, unread: 1 }],
          unread: 1,
          page: 1,
          limit: 20,
          total: 1,
          totalPages: 1,
        }),
      ),
      http.get('/api/seller/chats/:userId/messages', () => HttpResponse.json({ success: true, shopper: ravi, messages: [older, question], hasMore: false })),
      http.post('/api/seller/chats/:userId/read', ({ params }) => {
        reads.push(String(params.userId));
        return HttpResponse.json({ success: true });
      }),
    );
    const before = sockets.length;
    const { user } = renderWithApp('/seller/chats');

    expect(await screen.findByRole('heading', { name: 'User Message Inbox' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Messages.*1 unread message/ })).toBeInTheDocument();
    const socket = await nextSocket(before);
    expect(socket.options).toMatchObject({ auth: { role: 'seller' } });
    act(() => socket.connectNow());

    const row = await screen.findByRole('link', { name: /Ravi/ });
    expect(within(row).getByTestId('conversation-unread')).toHaveTextContent('1');
    await user.click(row);

    const thread = await screen.findByRole('heading', { name: 'Ravi' });
    expect(thread).toHaveFocus();
    expect(await screen.findByRole('link', { name: ORDER_NUMBER })).toHaveAttribute('href', `/seller/orders?order=${ORDER_NUMBER}`);
    expect(screen.getByRole('link', { name: '65f1c0ffee0000000000dcba' })).toHaveAttribute('href', '/seller/orders?order=65f1c0ffee0000000000dcba');
    await waitFor(() => expect(reads).toEqual([ravi.userId]));

    socket.answer = (_event, payload) => ({ success: true, message: aMessage({ ...(payload as { userId: string; text: string }), from: 'seller' }) });
    await user.type(screen.getByRole('textbox', { name: 'Reply to Ravi' }), 'Yes, Alphonso.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(socket.emitted).toEqual([{ event: 'reply-to-user', payload: { userId: ravi.userId, text: 'Yes, Alphonso.' } }]);
    expect(await screen.findByText('Yes, Alphonso.')).toBeInTheDocument();

    act(() => socket.push('recive-this-message-seller', aMessage({ userId: ravi.userId, text: 'Great, 2 kg please' })));
    expect(await within(screen.getByRole('list', { name: 'Messages' })).findByText('Great, 2 kg please')).toBeInTheDocument();
    expect(within(row).getByText('Great, 2 kg please')).toBeInTheDocument();
    expect(screen.getByText('Ravi: Great, 2 kg please')).toBeInTheDocument();
    await waitFor(() => expect(reads).toEqual([ravi.userId, ravi.userId]));
  });
});
