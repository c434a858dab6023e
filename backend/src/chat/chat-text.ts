import { MAX_CHAT_MESSAGE_LENGTH } from '@greencart/domain';

/**
 * The text of a chat message as stored: Unicode-normalised (NFC), control characters other than
 * line breaks removed, at most two blank lines in a row, trimmed. Returns the text or the reason it
 * is refused.
 */
export function cleanChatText(raw: unknown): { text: string } | { problem: string } {
  if (typeof raw !== 'string') return { problem: 'A message needs some text' };
  const text = raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) return { problem: 'An empty message cannot be sent' };
  if ([...text].length > MAX_CHAT_MESSAGE_LENGTH) return { problem: `A message can be at most ${MAX_CHAT_MESSAGE_LENGTH} characters` };
  return { text };
}
