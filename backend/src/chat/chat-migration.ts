import type { Collection } from 'mongoose';
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { type LegacyMessage, markKey, messageKey, type StoredMessage, writeErrorsOf, writeReadMark } from './chat-format';

/**
 * Messages of the old format (ObjectId `_id`, `read` flags) become messages at places, conversation by
 * conversation, in the order they were written; their read flags become read marks, their rows get
 * the counts. Safe to run again after a stop half-way: places follow from the old documents' order
 * (moved ones keep `createdAt`), inserts meet the ones already made, and marks already written stay.
 */
export async function moveOldMessages(messages: Collection, rows: Collection, marks: Collection): Promise<{ messages: number; conversations: number }> {
  const old = (await messages.find({ n: { $exists: false } }).toArray()) as unknown as LegacyMessage[];
  if (!old.length) return { messages: 0, conversations: 0 };
  const byUser = new Map<string, LegacyMessage[]>();
  for (const message of old) {
    const list = byUser.get(String(message.user)) ?? [];
    list.push(message);
    byUser.set(String(message.user), list);
  }
  let moved = 0;
  for (const [userId, list] of byUser) {
    list.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || String(a._id).localeCompare(String(b._id)));
    let users = 0;
    let sellers = 0;
    let sellerRead = 0;
    let shopperRead = 0;
    const docs: StoredMessage[] = [];
    list.forEach((message, n) => {
      if (message.from === 'seller') sellers++;
      else users++;
      if (message.read && message.from === 'seller') shopperRead++;
      else if (message.read) sellerRead++;
      if (message.movedTo !== undefined) return;
      docs.push({
        _id: messageKey(userId, n),
        user: message.user,
        n,
        from: message.from === 'seller' ? 'seller' : 'user',
        text: message.text ?? '',
        ...(message.orderId ? { orderId: message.orderId } : {}),
        ...(message.orderNumber ? { orderNumber: message.orderNumber } : {}),
        createdAt: new Date(message.createdAt),
        users,
        sellers,
        legacyId: String(message._id),
      });
    });
    if (docs.length) {
      await messages.insertMany(docs as never[], { ordered: false }).catch((error: unknown) => {
        const failures = writeErrorsOf(error);
        if (!failures.length || failures.some((failure) => !isDuplicateKeyError(failure))) throw error;
      });
    }
    const last = list[list.length - 1];
    await rows.updateOne({ _id: new Types.ObjectId(userId) } as never, {
      $set: { next: list.length, users, sellers, lastFrom: last.from === 'seller' ? 'seller' : 'user', lastAt: new Date(last.createdAt) },
    });
    if (sellerRead) await writeReadMark(marks, markKey(userId, 'seller'), sellerRead);
    if (shopperRead) await writeReadMark(marks, markKey(userId, 'user'), shopperRead);
    // Last: the old document keeps what numbering and counting need on a second run, and where it went.
    for (const doc of docs) {
      await messages.replaceOne({ _id: new Types.ObjectId(doc.legacyId) } as never, {
        user: doc.user,
        createdAt: doc.createdAt,
        from: doc.from,
        read: list[doc.n].read === true,
        movedTo: doc.n,
      });
    }
    moved += docs.length;
  }
  return { messages: moved, conversations: byUser.size };
}
