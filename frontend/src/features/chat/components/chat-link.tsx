import { Link, useMatch } from 'react-router-dom';
import { ChatIcon } from '@/components/ui/icons';
import { pluralize } from '@/lib/format';
import { useLiveConnection } from '@/lib/socket';
import { useMyUnread } from '../api/get-my-unread';

/**
 * The navigation's way to the chat, with the number of shop replies not read yet. It holds the
 * shopper's socket while they are signed in, so replies count the moment they arrive.
 */
export function ChatLink({ userId }: { userId: string }) {
  const { socket } = useLiveConnection('user', userId);
  const { data: unread = 0 } = useMyUnread(userId, socket);
  // On the chat page the replies are being read.
  const shown = useMatch('/chat') ? 0 : unread;

  return (
    <Link
      to="/chat"
      className="relative flex h-11 w-11 items-center justify-center rounded"
      aria-label={shown ? `Chat with Shop, ${pluralize(shown, 'unread reply', 'unread replies')}` : 'Chat with Shop'}
      title="Chat with Shop"
    >
      <ChatIcon className="h-6 w-6 text-gray-700" />
      {shown > 0 && (
        <span
          data-testid="chat-unread"
          aria-hidden="true"
          className="absolute top-0.5 right-0 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-500 px-1 text-[11px] leading-none text-white"
        >
          {shown > 99 ? '99+' : shown}
        </span>
      )}
    </Link>
  );
}
