import { replierLine } from '@greencart/domain';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { messageTime } from '../chat-time';
import type { ChatMessage } from '../types';

/** The shop as its replies are signed to shoppers ("Ravi from GreenCart"). */
const SHOP_NAME = 'GreenCart';

interface MessageListProps {
  messages: ChatMessage[];
  /** Whose screen this is: their own messages sit on the right. */
  viewer: 'user' | 'seller';
  /** What the other side is called ("GreenCart", the shopper's name). */
  otherName: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  empty: string;
  className?: string;
}

/** Near enough to the bottom that a new message should scroll into view. */
const STICK_PX = 120;

/**
 * A conversation, oldest at the top. It opens at the newest message, follows new ones while the
 * reader is at the bottom, and keeps its place when older messages are loaded above.
 */
export function MessageList({ messages, viewer, otherName, hasOlder, loadingOlder, onLoadOlder, empty, className = '' }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ first?: string; last?: string; height: number; atBottom: boolean }>({ height: 0, atBottom: true });
  const first = messages[0]?._id;
  const last = messages.at(-1);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = seen.current;
    if (first !== before.first && last?._id === before.last && before.first !== undefined) {
      // Older messages came in above: stay on what the reader was looking at.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last?._id !== before.last && (before.atBottom || last?.from === viewer)) {
      element.scrollTop = element.scrollHeight;
    }
    seen.current = { first, last: last?._id, height: element.scrollHeight, atBottom: isAtBottom(element) };
  }, [first, last, viewer]);

  const onScroll = () => {
    const element = scroller.current;
    if (element) seen.current = { ...seen.current, height: element.scrollHeight, atBottom: isAtBottom(element) };
  };

  return (
    <div ref={scroller} onScroll={onScroll} className={`overflow-y-auto overscroll-contain px-3 py-4 sm:px-5 ${className}`}>
      {hasOlder && (
        <div className="mb-4 flex justify-center">
          <button
            type="button"
            onClick={onLoadOlder}
            disabled={loadingOlder}
            className="rounded-full border border-gray-300 bg-white px-4 py-1.5 text-xs font-medium text-gray-600 transition hover:border-primary hover:text-primary disabled:cursor-wait disabled:opacity-60"
          >
            {loadingOlder ? 'Loading…' : 'Load older messages'}
          </button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="mt-10 text-center text-sm text-gray-500">{empty}</p>
      ) : (
        <ol aria-label="Messages" className="flex flex-col gap-3">
          {messages.map((message) => (
            <MessageBubble key={message._id} message={message} viewer={viewer} otherName={otherName} />
          ))}
        </ol>
      )}
    </div>
  );
}

/** Where an order named in the chat opens: the shopper's My orders or the seller's order list, found by its number (or id). */
function chatOrderPath(viewer: 'user' | 'seller', order: string): string {
  return `${viewer === 'seller' ? '/seller/orders' : '/My-orders'}?order=${encodeURIComponent(order)}`;
}

function MessageBubble({ message, viewer, otherName }: { message: ChatMessage; viewer: 'user' | 'seller'; otherName: string }) {
  const mine = message.from === viewer;
  return (
    <li data-testid="chat-message" data-from={message.from} className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[70%] ${
          mine ? 'rounded-br-sm bg-primary text-white' : 'rounded-bl-sm bg-gray-100 text-gray-800'
        }`}
      >
        <span className="sr-only">{mine ? 'You' : otherName}: </span>
        {message.from === 'seller' && message.by && (
          <span data-testid="chat-replier" className={`mb-0.5 block text-xs font-medium ${mine ? 'text-white/90' : 'text-gray-600'}`}>
            {viewer === 'user' ? replierLine(message.by, SHOP_NAME) : message.by}
          </span>
        )}
        {message.orderId && (
          <span data-testid="chat-message-order" className={`mb-1 block text-xs break-all ${mine ? 'text-white/90' : 'text-gray-600'}`}>
            About order{' '}
            <Link to={chatOrderPath(viewer, message.orderNumber ?? message.orderId)} className="font-medium underline underline-offset-2">
              {message.orderNumber ?? message.orderId}
            </Link>
          </span>
        )}
        {message.text}
      </div>
      <time dateTime={message.createdAt} className="mt-1 px-1 text-[11px] text-gray-500">
        {messageTime(message.createdAt)}
      </time>
    </li>
  );
}

function isAtBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight < STICK_PX;
}
