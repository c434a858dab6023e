import { SOCKET_EVENTS } from '@greencart/domain';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { useSearchParams } from 'react-router-dom';
import { ConnectionStatus } from '@/components/ui/connection-status';
import { ErrorNotice } from '@/components/ui/error-notice';
import { CloseIcon } from '@/components/ui/nav-icons';
import { Spinner } from '@/components/ui/spinner';
import { useLoginDialog, useSessionStatus, useUser } from '@/features/auth';
import { useCartCount } from '@/features/cart';
import { errorMessage } from '@/lib/api-client';
import { retryConnection, useLiveConnection, useSocketEvent } from '@/lib/socket';
import { useMyMessages } from '../api/get-my-messages';
import { useMarkMineRead } from '../api/mark-mine-read';
import { useSendMessage } from '../api/send-message';
import { MessageComposer, offlineReason } from '../components/message-composer';
import { MessageList } from '../components/message-list';
import { flattenMessages } from '../message-cache';

const SHOP_NAME = 'GreenCart';
/** An order id as the server writes it. */
const ORDER_ID = /^[a-f\d]{24}$/i;
/** An order number as people read it. */
const ORDER_NUMBER = /^GC-\d{1,12}$/;

/** /chat: the shopper's conversation with the shop ("Chat with Shop"); /chat?order=<id>&number=GC-10003 is about one order. */
export function ChatRoute() {
  const { data: user } = useUser();
  const sessionStatus = useSessionStatus();
  const loginDialog = useLoginDialog();

  if (sessionStatus === 'checking') return <Spinner label="Checking your session…" />;
  if (sessionStatus === 'unknown') {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <title>Chat with the shop · GreenCart</title>
        <h1 className="text-2xl font-medium text-gray-800">Chat with Shop</h1>
        <p className="mt-3 text-gray-500">You&rsquo;re offline — we&rsquo;ll check your sign-in and open your messages when you&rsquo;re back.</p>
      </section>
    );
  }
  if (!user) {
    return (
      <section className="mx-auto mt-24 flex max-w-md flex-col items-center text-center">
        <title>Chat with the shop · GreenCart</title>
        <h1 className="text-2xl font-medium text-gray-800">Chat with Shop</h1>
        <p className="mt-3 text-gray-500">Sign in to chat with the shop about your orders.</p>
        <button type="button" onClick={loginDialog.open} className="mt-6 rounded bg-primary px-8 py-2.5 font-medium text-white hover:bg-primary-dull">
          Sign in
        </button>
      </section>
    );
  }
  return <ShopperChat userId={user._id} />;
}

function ShopperChat({ userId }: { userId: string }) {
  const { socket, state } = useLiveConnection('user', userId);
  // The phone's cart bar (fixed at the bottom) shows while the cart has something in it.
  const cartBar = (useCartCount() ?? 0) > 0;
  const [searchParams, setSearchParams] = useSearchParams();
  const orderParam = searchParams.get('order');
  const orderId = orderParam && ORDER_ID.test(orderParam) ? orderParam : undefined;
  // Shown only: the server names the order by its own record.
  const numberParam = searchParams.get('number');
  const orderName = numberParam && ORDER_NUMBER.test(numberParam) ? numberParam : orderId;
  const query = useMyMessages(userId, socket);
  const send = useSendMessage(socket, userId);
  const { mutate: markRead } = useMarkMineRead(userId);
  const [announcement, setAnnouncement] = useState('');

  // Open means read: what was waiting when the page opened, and each reply while it is open.
  const unreadOnOpen = query.data?.pages[0]?.unread ?? 0;
  useEffect(() => {
    if (unreadOnOpen > 0) markRead();
  }, [unreadOnOpen, markRead]);
  useSocketEvent(socket, SOCKET_EVENTS.messageForUser, (message) => {
    if (message.from !== 'seller') return;
    markRead();
    setAnnouncement(`${SHOP_NAME} replied: ${message.text}`);
  });

  const forgetOrder = () =>
    setSearchParams(
      (params) => {
        params.delete('order');
        params.delete('number');
        return params;
      },
      { replace: true },
    );

  const onSend = (text: string, sent: () => void) =>
    send.mutate(
      { text, orderId },
      {
        onSuccess: () => {
          sent();
          // The order goes with the first message only.
          if (orderId) forgetOrder();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const messages = query.data ? flattenMessages(query.data.pages) : [];

  return (
    <section
      aria-labelledby="chat-heading"
      // Phones: from under the header (logo, delivery line, search) down to the cart bar when it shows, so the
      // message box is never under the bar; wider screens: the screen's height less the header's.
      className={`mx-auto my-8 flex max-h-[52rem] min-h-[26rem] max-w-3xl flex-col overflow-hidden rounded-lg border border-gray-300 bg-white md:my-12 md:h-[calc(100dvh-9rem-var(--notice-height,0px))] ${cartBar ? 'h-[calc(100dvh-17rem-var(--notice-height,0px))]' : 'h-[calc(100dvh-12rem-var(--notice-height,0px))]'}`}
    >
      <title>Chat with the shop · GreenCart</title>
      <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-gray-200 px-4 py-3 sm:px-5">
        <div>
          <h1 id="chat-heading" className="text-lg font-medium text-gray-800">
            Chat with Shop
          </h1>
          <p className="text-xs text-gray-500">Questions about an order or a product? The shop replies here.</p>
        </div>
        <ConnectionStatus state={state} onRetry={() => retryConnection(socket)} />
      </header>

      {orderId && (
        <div
          data-testid="chat-order-reference"
          className="flex items-center gap-3 border-b border-primary/20 bg-primary/10 px-4 py-2 text-sm text-gray-700 sm:px-5"
        >
          <p className="min-w-0 flex-1">
            About order <span className="font-medium break-all">{orderName}</span>
            <span className="text-gray-500"> · sent with your next message</span>
          </p>
          <button
            type="button"
            onClick={forgetOrder}
            aria-label="Remove the order reference"
            className="rounded p-1 text-gray-500 hover:bg-white hover:text-gray-800"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      )}

      {query.isPending && <Spinner label="Loading your messages…" />}
      {query.isError && (
        <div className="px-4">
          <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        </div>
      )}
      {query.isSuccess && (
        <MessageList
          className="flex-1"
          messages={messages}
          viewer="user"
          otherName={SHOP_NAME}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          empty="No messages yet. Ask us anything about an order or a product."
        />
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <MessageComposer
        label="Message to the shop"
        placeholder="Type your message…"
        blockedReason={offlineReason(state)}
        sending={send.isPending}
        onSend={onSend}
      />
    </section>
  );
}
