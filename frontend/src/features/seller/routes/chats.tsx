import { SOCKET_EVENTS } from '@greencart/domain';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Link, useSearchParams } from 'react-router-dom';
import { ConnectionStatus } from '@/components/ui/connection-status';
import { ErrorNotice } from '@/components/ui/error-notice';
import { BackArrowIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import {
  flattenConversations,
  flattenMessages,
  inboxTime,
  MessageComposer,
  MessageList,
  offlineReason,
  useConversation,
  useInbox,
  useMarkConversationRead,
  useReplyToShopper,
  type Conversation,
} from '@/features/chat';
import { errorMessage } from '@/lib/api-client';
import { pluralize } from '@/lib/format';
import { retryConnection, useSellerConnection, useSocketEvent, type ConnectionState, type ShopSocket } from '@/lib/socket';

/** /seller/chats: 'User Message Inbox'. One conversation per shopper; ?user=<id> opens one. */
export function SellerChatsRoute() {
  const { socket, state } = useSellerConnection();
  const [searchParams] = useSearchParams();
  const openUserId = searchParams.get('user');
  const inbox = useInbox(socket, openUserId);
  const conversations = inbox.data ? flattenConversations(inbox.data.pages) : [];
  const [announcement, setAnnouncement] = useState('');

  useSocketEvent(socket, SOCKET_EVENTS.messageForSeller, (message) => {
    if (message.from !== 'user') return;
    const name = conversations.find((conversation) => conversation.userId === message.userId)?.name ?? 'a shopper';
    setAnnouncement(message.userId === openUserId ? `${name}: ${message.text}` : `New message from ${name}`);
  });

  return (
    <section
      aria-labelledby="inbox-heading"
      className="flex h-[calc(100dvh-11.5rem)] min-h-[24rem] max-w-6xl flex-col md:h-[calc(100dvh-9.5rem)] md:min-h-[28rem]"
    >
      <title>Messages · GreenCart seller</title>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h1 id="inbox-heading" className="text-lg font-medium">
          User Message Inbox
        </h1>
        <ConnectionStatus state={state} onRetry={() => retryConnection(socket)} />
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      <div className="mt-4 grid min-h-0 flex-1 grid-cols-1 overflow-hidden rounded-md border border-gray-300 bg-white md:grid-cols-[18rem_1fr] lg:grid-cols-[20rem_1fr]">
        <div className={`min-h-0 flex-col border-gray-200 md:flex md:border-r ${openUserId ? 'hidden' : 'flex'}`}>
          {inbox.isPending && <Spinner label="Loading conversations…" />}
          {inbox.isError && (
            <div className="px-3">
              <ErrorNotice error={inbox.error} onRetry={() => void inbox.refetch()} />
            </div>
          )}
          {inbox.isSuccess && (
            <ConversationList
              conversations={conversations}
              openUserId={openUserId}
              total={inbox.data.pages[0]?.total ?? conversations.length}
              hasNextPage={inbox.hasNextPage}
              loadingMore={inbox.isFetchingNextPage}
              onLoadMore={() => void inbox.fetchNextPage()}
            />
          )}
        </div>
        {openUserId ? (
          <Thread key={openUserId} userId={openUserId} socket={socket} state={state} />
        ) : (
          <p className="hidden items-center justify-center p-6 text-center text-sm text-gray-500 md:flex">Choose a conversation to read it and reply.</p>
        )}
      </div>
    </section>
  );
}

function ConversationList({
  conversations,
  openUserId,
  total,
  hasNextPage,
  loadingMore,
  onLoadMore,
}: {
  conversations: Conversation[];
  openUserId: string | null;
  total: number;
  hasNextPage: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  if (conversations.length === 0) {
    return <p className="p-6 text-center text-sm text-gray-500">No messages yet. Shoppers write from their orders or the Chat with Shop page.</p>;
  }
  return (
    <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto">
      <p className="border-b border-gray-200 px-4 py-2 text-xs text-gray-500">{pluralize(total, 'conversation')}</p>
      <ul>
        {conversations.map((conversation) => (
          <li key={conversation.userId}>
            <ConversationRow conversation={conversation} open={conversation.userId === openUserId} />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <div className="flex justify-center p-3">
          <button
            type="button"
            onClick={onLoadMore}
            disabled={loadingMore}
            className="rounded-md border border-primary px-5 py-1.5 text-sm font-medium text-primary transition hover:bg-primary/10 disabled:cursor-wait disabled:opacity-60"
          >
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </nav>
  );
}

function ConversationRow({ conversation, open }: { conversation: Conversation; open: boolean }) {
  const { name, email, lastMessage, unread } = conversation;
  // The open row's tint is darker than the page: its quiet text is a step darker too, to stay readable.
  const quiet = open ? 'text-gray-600' : 'text-gray-500';
  return (
    <Link
      to={{ search: `?user=${encodeURIComponent(conversation.userId)}` }}
      aria-current={open ? 'true' : undefined}
      data-testid="conversation"
      className={`flex flex-col gap-0.5 border-b border-gray-100 px-4 py-3 text-sm transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary ${
        open ? 'bg-primary/10' : 'hover:bg-gray-50'
      }`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className={`truncate ${unread ? 'font-semibold text-gray-900' : 'font-medium text-gray-800'}`}>{name}</span>
        <time dateTime={lastMessage.createdAt} className={`shrink-0 text-xs ${quiet}`}>
          {inboxTime(lastMessage.createdAt)}
        </time>
      </span>
      <span className={`truncate text-xs ${quiet}`}>{email}</span>
      <span className="flex items-center justify-between gap-2">
        <span className={`truncate ${unread ? 'text-gray-800' : quiet}`}>
          {lastMessage.from === 'seller' && <span className={quiet}>You: </span>}
          {lastMessage.text}
        </span>
        {unread > 0 && (
          <span data-testid="conversation-unread" className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-[11px] font-medium text-white">
            {unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
    </Link>
  );
}

function Thread({ userId, socket, state }: { userId: string; socket: ShopSocket | null; state: ConnectionState }) {
  const query = useConversation(userId);
  const reply = useReplyToShopper(socket);
  const { mutate: markRead } = useMarkConversationRead();
  const heading = useRef<HTMLHeadingElement>(null);
  const shopper = query.data?.pages[0]?.shopper;

  // Open means read: what was waiting, and each new message while it is open.
  useEffect(() => markRead(userId), [userId, markRead]);
  useSocketEvent(socket, SOCKET_EVENTS.messageForSeller, (message) => {
    if (message.userId === userId && message.from === 'user') markRead(userId);
  });
  // Opening a conversation from the list moves focus to it, for keyboard and screen reader users.
  useEffect(() => heading.current?.focus(), [userId]);

  const onSend = (text: string, sent: () => void) => reply.mutate({ userId, text }, { onSuccess: sent, onError: (error) => toast.error(errorMessage(error)) });

  const messages = query.data ? flattenMessages(query.data.pages) : [];

  return (
    <div className="flex min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-gray-200 px-3 py-2.5 sm:px-5">
        <Link
          to={{ search: '' }}
          className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded text-gray-600 hover:bg-gray-100 md:hidden"
          aria-label="Back to conversations"
        >
          <BackArrowIcon className="h-5 w-5" />
        </Link>
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="truncate font-medium text-gray-800 outline-none">
            {shopper ? shopper.name : 'Conversation'}
          </h2>
          {shopper && <p className="truncate text-xs text-gray-500">{shopper.email}</p>}
        </div>
      </div>
      {query.isPending && <Spinner label="Loading the conversation…" />}
      {query.isError && (
        <div className="px-4">
          <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
        </div>
      )}
      {query.isSuccess && (
        <MessageList
          className="min-h-0 flex-1"
          messages={messages}
          viewer="seller"
          otherName={shopper?.name ?? 'Shopper'}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          empty="No messages in this conversation yet."
        />
      )}
      {query.isSuccess && (
        <MessageComposer
          label={`Reply to ${shopper?.name ?? 'the shopper'}`}
          placeholder="Type your reply…"
          blockedReason={offlineReason(state)}
          sending={reply.isPending}
          onSend={onSend}
        />
      )}
    </div>
  );
}
