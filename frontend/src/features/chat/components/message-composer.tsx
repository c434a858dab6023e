import { MAX_CHAT_MESSAGE_LENGTH } from '@greencart/domain';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ConnectionState } from '@/lib/socket';

interface MessageComposerProps {
  label: string;
  placeholder: string;
  /** Why nothing can be sent right now (offline), or null. */
  blockedReason: string | null;
  sending: boolean;
  /** Send the text; call `sent` once it is stored so the box empties. */
  onSend: (text: string, sent: () => void) => void;
}

/** Why the send box cannot send while the socket is not online, or null when it can. */
export function offlineReason(state: ConnectionState): string | null {
  if (state.status === 'online') return null;
  return state.status === 'connecting' ? 'Connecting…' : 'You can send once the chat is back online.';
}

/** Counting starts to show this close to the limit. */
const COUNT_FROM = MAX_CHAT_MESSAGE_LENGTH - 100;

/** The send box: Enter sends, Shift+Enter starts a new line; nothing blank is sent. */
export function MessageComposer({ label, placeholder, blockedReason, sending, onSend }: MessageComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const inputId = useId();
  const canSend = text.trim().length > 0 && !sending && !blockedReason;

  const send = () => {
    if (!canSend) return;
    onSend(text, () => {
      setText('');
      box.current?.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method is composing picks a word; it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-gray-200 bg-white p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <textarea
          id={inputId}
          ref={box}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          placeholder={placeholder}
          aria-describedby={hintId}
          className="field-sizing-content max-h-36 min-h-11 flex-1 resize-none rounded-lg border border-gray-300 px-3 py-2.5 text-sm outline-none focus:border-primary focus-visible:ring-2 focus-visible:ring-primary/30"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-busy={sending}
          className="h-11 shrink-0 rounded-lg bg-primary px-5 text-sm font-medium text-white transition hover:bg-primary-dull disabled:cursor-not-allowed disabled:opacity-50"
        >
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
      <p id={hintId} className="mt-1.5 flex justify-between gap-3 text-xs text-gray-500">
        {/* Phone keyboards have no Shift+Enter: the hint is for keyboards only. */}
        <span className={blockedReason ? 'text-amber-700' : 'pointer-coarse:hidden'}>{blockedReason ?? 'Enter to send, Shift+Enter for a new line'}</span>
        {text.length >= COUNT_FROM && (
          <span className={text.length >= MAX_CHAT_MESSAGE_LENGTH ? 'text-red-600' : ''}>
            {text.length}/{MAX_CHAT_MESSAGE_LENGTH}
          </span>
        )}
      </p>
    </form>
  );
}
