import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { pagedMessages } from '../src/chat/schemas/chat-message.schema';
import { AUTH_ENV } from './support/actors';
import { closeSockets, connect, emit, listen, register, sellerCookie } from './support/sockets';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Chat storage (issue 25): messages at places of their conversation, rows and pages written behind,
 * unread counts as counts and read marks. The seller's socket with the seller's cookie alone is in
 * chat.e2e-spec.ts ("the spec's seller client").
 */

/** Another instance of the shop on the same database: it knows only what it reads there at start-up. */
const restarted = (t: TestApp, database: string) => createTestApp(AUTH_ENV, { database, sameModules: true });

/** `_id` of a message at place `n` (backend/src/chat/chat-format.ts). */
const messageKey = (userId: string, n: number) => `${userId}#${String(n).padStart(10, '0')}`;

/** Writes the rows and pages of history an instance has written behind so far (its ChatWriteBehind's flush). */
async function flush(t: TestApp): Promise<void> {
  // From the module registry the apps were built from (createTestApp resets it).
  const { ChatWriteBehind } = await import('../src/chat/chat-write-behind');
  await t.app.get(ChatWriteBehind).flush({ all: true });
}

type Message = { _id: string; text: string; from: string; userId: string };

/** Every message of a conversation, newest page first, through `before` cursors; oldest first. */
async function pageThrough(t: TestApp, path: (before?: string) => string, cookie: string, limit: number): Promise<Message[]> {
  const all: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const res = await t
      .http()
      .get(`${path(before)}${path(before).includes('?') ? '&' : '?'}limit=${limit}`)
      .set('Cookie', cookie)
      .expect(200);
    const messages = res.body.messages as Message[];
    all.unshift(...messages);
    if (!res.body.hasMore) return all;
    expect(messages).toHaveLength(limit);
    before = messages[0]._id;
  }
}

afterEach(() => closeSockets());

describe('chat storage', () => {
  const database = `t_chat_storage_${randomBytes(3).toString('hex')}`;
  let t: TestApp;
  let url: string;
  let seller: string;
  const others: TestApp[] = [];

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV, { database });
    url = await listen(t);
    seller = await sellerCookie(t);
  });
  afterAll(async () => {
    for (const other of others) await other.close().catch(() => undefined);
    await t.close();
  });

  it('unread counts stay right under messages from both sides at once and concurrent marks of read, here and after a restart', async () => {
    const shoppers = await Promise.all(['Asha', 'Bala', 'Chitra'].map((name) => register(t, name)));
    const sockets = await Promise.all(shoppers.map((s) => connect(url, s.cookie)));
    const s = await connect(url, seller, 'seller');
    const before = (await t.http().get('/api/seller/chats/unread').set('Cookie', seller).expect(200)).body.unread as number;

    // Both sides write to every conversation at once: 8 from each shopper, 6 replies to each.
    const acks = await Promise.all([
      ...sockets.flatMap((socket, i) => Array.from({ length: 8 }, (_, k) => emit(socket, 'sendmessage-to-seller', `from ${i}: ${k}`))),
      ...shoppers.flatMap((shopper) => Array.from({ length: 6 }, (_, k) => emit(s, 'reply-to-user', { userId: shopper.id, text: `reply ${k}` }))),
    ]);
    expect(acks.filter((ack) => !ack.success)).toEqual([]);
    const box = await t.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200);
    const unreadOf = (id: string) => box.body.conversations.find((c: { userId: string }) => c.userId === id)?.unread;
    for (const shopper of shoppers) expect(unreadOf(shopper.id)).toBe(8);
    expect(box.body.unread).toBe(before + 24);
    for (const shopper of shoppers) expect((await t.http().get('/api/chat/unread').set('Cookie', shopper.cookie).expect(200)).body.unread).toBe(6);
    // Each conversation keeps its order: each side's messages in the order they were sent.
    const thread = (await t.http().get(`/api/seller/chats/${shoppers[0].id}/messages`).set('Cookie', seller).expect(200)).body.messages as Message[];
    expect(thread.filter((m) => m.from === 'user').map((m) => m.text)).toEqual(Array.from({ length: 8 }, (_, k) => `from 0: ${k}`));
    expect(thread.filter((m) => m.from === 'seller').map((m) => m.text)).toEqual(Array.from({ length: 6 }, (_, k) => `reply ${k}`));

    // Marks of read, many at once and while more messages arrive from both sides.
    const [asha] = shoppers;
    const during = await Promise.all([
      ...Array.from({ length: 5 }, () => t.http().post(`/api/seller/chats/${asha.id}/read`).set('Cookie', seller).expect(200)),
      ...Array.from({ length: 5 }, () => t.http().post('/api/chat/read').set('Cookie', asha.cookie).expect(200)),
      emit(sockets[0], 'sendmessage-to-seller', 'during the marks'),
      emit(s, 'reply-to-user', { userId: asha.id, text: 'reply during the marks' }),
    ]);
    expect(during.filter((answer) => 'success' in answer && !answer.success)).toEqual([]);
    const sellerSide = (await t.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200)).body;
    const ashaUnread = sellerSide.conversations.find((c: { userId: string }) => c.userId === asha.id).unread;
    expect([0, 1]).toContain(ashaUnread);
    expect(sellerSide.unread).toBe(before + 16 + ashaUnread);
    expect([0, 1]).toContain((await t.http().get('/api/chat/unread').set('Cookie', asha.cookie).expect(200)).body.unread);
    // Once quiet, marking read leaves nothing unread, and new messages count from there.
    await t.http().post(`/api/seller/chats/${asha.id}/read`).set('Cookie', seller).expect(200);
    await t.http().post('/api/chat/read').set('Cookie', asha.cookie).expect(200);
    expect((await t.http().get('/api/chat/unread').set('Cookie', asha.cookie).expect(200)).body.unread).toBe(0);
    expect(await emit(sockets[0], 'sendmessage-to-seller', 'after the marks')).toMatchObject({ success: true });
    const after = (await t.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200)).body;
    expect(after.conversations[0]).toMatchObject({ userId: asha.id, unread: 1, lastMessage: { text: 'after the marks', from: 'user' } });
    expect(after.unread).toBe(before + 17);

    // Another instance started on the database (rows are written behind: some may lag, as after a crash)
    // reads the messages on from the rows and counts the same.
    const other = await restarted(t, database);
    others.push(other);
    const seen = (await other.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200)).body;
    expect(seen.unread).toBe(after.unread);
    expect(seen.conversations.map((c: { userId: string; unread: number }) => [c.userId, c.unread])).toEqual(
      after.conversations.map((c: { userId: string; unread: number }) => [c.userId, c.unread]),
    );
    expect((await other.http().get('/api/chat/unread').set('Cookie', shoppers[1].cookie).expect(200)).body.unread).toBe(6);
  });

  // Four instances and 3,240 messages: on a slow machine it takes longer than the default 30 s.
  it('pages through thousands of messages of other shoppers to one conversation in order, from the database and from pages of history', async () => {
    const dev = await register(t, 'Dev');
    const s = await connect(url, seller, 'seller');
    const d = await connect(url, dev.cookie);
    // Three live messages first, then 2,997 of 30 other shoppers and 240 more of Dev's written straight to the database.
    for (const text of ['live 0', 'live 1']) expect(await emit(d, 'sendmessage-to-seller', text)).toMatchObject({ success: true });
    expect(await emit(s, 'reply-to-user', { userId: dev.id, text: 'live 2' })).toMatchObject({ success: true });
    await flush(t);
    const messages = t.connection.collection('chat_messages');
    const rows = t.connection.collection('chat_conversations');
    const start = Date.now() - 3_600_000;
    const seed = async (userId: string, from: number, count: number, text: (n: number) => string) => {
      const row = await rows.findOne({ _id: new Types.ObjectId(userId) });
      let users = (row?.users as number) ?? 0;
      let sellers = (row?.sellers as number) ?? 0;
      const docs = Array.from({ length: count }, (_, i) => {
        const n = from + i;
        const side = n % 4 === 3 ? 'seller' : 'user';
        if (side === 'user') users++;
        else sellers++;
        return {
          _id: messageKey(userId, n),
          user: new Types.ObjectId(userId),
          n,
          from: side,
          text: text(n),
          createdAt: new Date(start + n * 1000),
          users,
          sellers,
        };
      });
      await messages.insertMany(docs as never[]);
      const last = docs[docs.length - 1];
      await rows.updateOne(
        { _id: new Types.ObjectId(userId) },
        {
          $set: { next: from + count, users, sellers, lastText: last.text, lastFrom: last.from, lastAt: last.createdAt },
          $setOnInsert: { name: 'Other', email: `${userId}@example.com` },
        },
        { upsert: true },
      );
    };
    for (let i = 0; i < 30; i++) await seed(new Types.ObjectId().toHexString(), 0, i === 0 ? 97 : 100, (n) => `other ${i}: ${n}`);
    await seed(dev.id, 3, 240, (n) => `seeded ${n}`);
    const expected = ['live 0', 'live 1', 'live 2', ...Array.from({ length: 240 }, (_, i) => `seeded ${i + 3}`)];

    // A new instance knows only the database: the seeded places are read message by message, then from pages.
    const reader = await restarted(t, database);
    others.push(reader);
    const sellerPath = (before?: string) => `/api/seller/chats/${dev.id}/messages${before ? `?before=${before}` : ''}`;
    const shopperPath = (before?: string) => `/api/chat/messages${before ? `?before=${before}` : ''}`;
    const first = await pageThrough(reader, sellerPath, seller, 50);
    expect(first.map((m) => m.text)).toEqual(expected);
    expect(new Set(first.map((m) => m.userId))).toEqual(new Set([dev.id]));
    expect(new Set(first.map((m) => m._id)).size).toBe(expected.length);
    // Its pages of history written behind, a third instance reads them (pages of 37 cross their bounds).
    await flush(reader);
    const third = await restarted(t, database);
    others.push(third);
    const paged = await pageThrough(third, shopperPath, dev.cookie, 37);
    expect(paged.map((m) => m.text)).toEqual(expected);
    // The ids a client got stay its cursors, on every instance.
    expect(paged.map((m) => m._id)).toEqual(first.map((m) => m._id));
    const older = await third.http().get(`/api/chat/messages?limit=2&before=${first[100]._id}`).set('Cookie', dev.cookie).expect(200);
    expect(older.body.messages.map((m: Message) => m.text)).toEqual(expected.slice(98, 100));
    // A cursor of another conversation is not one of this.
    const otherId = (await third.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200)).body.conversations.find(
      (c: { userId: string }) => c.userId !== dev.id,
    ).userId;
    const foreign = (await third.http().get(`/api/seller/chats/${otherId}/messages?limit=1`).set('Cookie', seller).expect(200)).body.messages[0]._id;
    await third.http().get(`/api/chat/messages?before=${foreign}`).set('Cookie', dev.cookie).expect(404);

    // A page holds its own places and the next page's (one read answers a page of the API), deflated.
    const pages = t.connection.collection('chat_pages');
    const written = await pages
      .find({ _id: { $in: [0, 1, 2, 3, 4].map((k) => `${dev.id}@${k}`) } as never })
      .sort({ _id: 1 })
      .toArray();
    const places = (page: object) => pagedMessages(page as never).map((m) => m.n);
    expect(written.map((page) => [page._id, places(page)[0], places(page).length])).toEqual([
      [`${dev.id}@0`, 0, 100],
      [`${dev.id}@1`, 50, 100],
      [`${dev.id}@2`, 100, 100],
      [`${dev.id}@3`, 150, 93],
      [`${dev.id}@4`, 200, 43],
    ]);
    // Pages as they were written before (their own 50 places, plain JSON) are still read.
    for (const page of written) {
      const own = pagedMessages(page as never).filter((m) => m.n < (Number(String(page._id).split('@')[1]) + 1) * 50);
      await pages.replaceOne({ _id: page._id }, { messages: JSON.stringify(own) });
    }
    const fourth = await restarted(t, database);
    others.push(fourth);
    expect((await pageThrough(fourth, shopperPath, dev.cookie, 50)).map((m) => m._id)).toEqual(first.map((m) => m._id));
  }, 120_000);

  it('messages stored in the old format move at start-up, in order, with their ids, read flags as marks', async () => {
    const esha = await register(t, 'Esha');
    const user = new Types.ObjectId(esha.id);
    const at = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    const old = [
      { _id: new Types.ObjectId(), user, from: 'user', text: 'Old question', read: true, createdAt: at(0) },
      { _id: new Types.ObjectId(), user, from: 'seller', text: 'Old answer', read: false, createdAt: at(1) },
      { _id: new Types.ObjectId(), user, from: 'user', text: 'Old follow-up', read: false, createdAt: at(2) },
    ];
    await t.connection.collection('chat_messages').insertMany(old as never[]);
    await t.connection
      .collection('chat_conversations')
      .insertOne({ _id: user, name: 'Esha', email: 'esha@example.com', lastText: 'Old follow-up', lastFrom: 'user', lastAt: at(2) } as never);
    // As if this database had never been opened by this version of the shop.
    await t.connection.collection('chat_reads').deleteOne({ _id: 'job:chat-messages-v2' as never });
    const moved = await restarted(t, database);
    others.push(moved);
    const movedUrl = await listen(moved);
    const thread = (await moved.http().get(`/api/seller/chats/${esha.id}/messages`).set('Cookie', seller).expect(200)).body.messages as Message[];
    expect(thread.map((m) => [m._id, m.text, m.from])).toEqual(old.map((m) => [String(m._id), m.text, m.from]));
    const box = (await moved.http().get('/api/seller/chats?limit=100').set('Cookie', seller).expect(200)).body;
    expect(box.conversations.find((c: { userId: string }) => c.userId === esha.id)).toMatchObject({ unread: 1, name: 'Esha' });
    expect((await moved.http().get('/api/chat/unread').set('Cookie', esha.cookie).expect(200)).body.unread).toBe(1);
    // An old id is still a cursor; new messages follow the old ones.
    const before = await moved
      .http()
      .get(`/api/chat/messages?before=${String(old[2]._id)}`)
      .set('Cookie', esha.cookie)
      .expect(200);
    expect(before.body.messages.map((m: Message) => m.text)).toEqual(['Old question', 'Old answer']);
    const e = await connect(movedUrl, esha.cookie);
    expect(await emit(e, 'sendmessage-to-seller', 'New question')).toMatchObject({ success: true });
    const mine = (await moved.http().get('/api/chat/messages').set('Cookie', esha.cookie).expect(200)).body;
    expect(mine.messages.map((m: Message) => m.text)).toEqual(['Old question', 'Old answer', 'Old follow-up', 'New question']);
    expect(mine.unread).toBe(1);
  });
});
