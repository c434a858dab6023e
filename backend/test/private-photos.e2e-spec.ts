import { randomUUID } from 'node:crypto';
import { crc32, createDeflate } from 'node:zlib';
import { Types } from 'mongoose';
import sharp from 'sharp';
import type { Response } from 'supertest';
import type { PrivatePhotos } from '../src/media/private-photos';
import { AUTH_ENV, insertProducts, TEST_SELLER, VALID_ADDRESS, verifyEmail } from './support/actors';
import { cookie, PASSWORD, uniqueEmail } from './support/sessions';
import { staffCookie } from './support/staff';
import { createTestApp, type TestApp } from './support/test-app';
import { twoInstances } from './support/two-instances';
import { eventually } from './support/waiting';

/**
 * Problem-report photos are private (hardening round four, findings 2 and 5): kept under random ids,
 * served only to the order's shopper and the shop's staff who see orders, and decoded only once the
 * order is known to take a report, a few at a time, with a lower pixel limit than product pictures.
 */

/** supertest: keep binary bodies as Buffers. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a black RGB PNG of width × height (7000 × 7000 is 49 megapixels in about 140 KB),
 * deflated row by row so that making it costs this process no more than a row.
 */
async function bombPng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(1 + width * 3);
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await ended;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

const photoPng = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();

const LINE = JSON.stringify([{ line: 0, quantity: 1, reason: 'damaged' }]);
const PRIVATE_URL = /^\/api\/orders\/([0-9a-f]{24})\/photos\/([0-9a-f]{32})$/;

/** A shopper, the owner and staff as Cookie headers (valid on every instance of one database), and orders delivered to the shopper. */
async function setUp(t: TestApp) {
  const person = async (firstName: string) => {
    const email = uniqueEmail(firstName);
    const res = await t.http().post('/api/register').send({ firstName, email, password: PASSWORD }).expect(201);
    await verifyEmail(t, res.body.userData._id, email);
    return `token=${cookie(res, 'token')!.value}`;
  };
  const asha = await person('Asha');
  const bala = await person('Bala');
  const owner = `sellerToken=${cookie(await t.http().post('/api/sellerlogin').send(TEST_SELLER).expect(200), 'sellerToken')!.value}`;
  const packer = (await staffCookie(t, owner, 'packer')).cookie;
  const manager = (await staffCookie(t, owner, 'manager')).cookie;
  const address = (await t.http().post('/api/Address/add').set('Cookie', asha).send({ adress: VALID_ADDRESS }).expect(201)).body.address._id as string;
  const [milk] = await insertProducts(t, [{ name: 'Milk', offerPrice: 33, category: 'Dairy' }]);
  const place = async (who = asha, where = address) =>
    (
      await t
        .http()
        .post('/api/placeorders')
        .set('Cookie', who)
        .set('Idempotency-Key', randomUUID())
        .send({ address: where, items: [{ product: milk, quantity: 2 }] })
        .expect(201)
    ).body.order._id as string;
  const delivered = async (who = asha, where = address) => {
    const id = await place(who, where);
    for (const status of ['Packing', 'Out for delivery', 'Delivered'])
      await t.http().patch(`/api/orders/${id}/status`).set('Cookie', owner).send({ status }).expect(200);
    return id;
  };
  return { asha, bala, owner, packer, manager, place, delivered };
}

const report = (t: TestApp, who: string, orderId: string, photo?: Buffer) => {
  const req = t.http().post(`/api/orders/${orderId}/issues`).set('Cookie', who).field('lines', LINE);
  return photo ? req.attach('photo', photo, 'photo.png') : req;
};

const photos = async (t: TestApp) => t.app.get((await import('../src/media/private-photos')).PrivatePhotos) as PrivatePhotos;

describe('problem-report photos: private, and decoded only when the report can be taken', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setUp>>;
  let bomb: Buffer;

  beforeAll(async () => {
    t = await createTestApp(AUTH_ENV);
    s = await setUp(t);
    bomb = await bombPng(7000, 7000);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const get = (path: string, who?: string) => {
    const req = t.http().get(path).buffer(true).parse(binary);
    return who ? req.set('Cookie', who) : req;
  };

  it('is stored under a random id and served to the shopper and every staff role that sees orders, to nobody else', async () => {
    const order = await s.delivered();
    const res = await report(t, s.asha, order, await photoPng()).expect(201);
    const url = res.body.order.issue.photo as string;
    const [, orderInUrl, photoId] = PRIVATE_URL.exec(url)!;
    expect(orderInUrl).toBe(order);

    for (const who of [s.asha, s.owner, s.manager, s.packer]) {
      const seen = await get(url, who).expect(200);
      expect(seen.headers['content-type']).toBe('image/webp');
      expect(seen.headers['cache-control']).toBe('private, no-cache');
      expect(await sharp(seen.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
    }
    // The browser's copy is checked again each time: 304 while it may still see it.
    const { headers } = await get(url, s.asha).expect(200);
    await t.http().get(url).set('Cookie', s.asha).set('If-None-Match', headers.etag).expect(304);

    const anonymous = await t.http().get(url).expect(401);
    expect(anonymous.body).toMatchObject({ success: false, message: expect.any(String) });
    for (const refused of [
      await t.http().get(url).set('Cookie', s.bala),
      // The same photo asked for under another order (Bala's own): no order's route serves another order's photo.
      await t
        .http()
        .get(`/api/orders/${await s.place(s.bala, await balaAddress())}/photos/${photoId}`)
        .set('Cookie', s.bala),
      await t
        .http()
        .get(`/api/orders/${order}/photos/${'0'.repeat(32)}`)
        .set('Cookie', s.asha),
      await t.http().get(`/api/orders/${new Types.ObjectId().toHexString()}/photos/${photoId}`).set('Cookie', s.owner),
      await t.http().get(`/api/orders/${order}/photos/not-a-photo`).set('Cookie', s.asha),
    ]) {
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ success: false, message: 'Photo not found' });
    }
    // Not a product picture: the public route neither knows the id nor serves the photo under any ObjectId.
    await t.http().get(`/api/images/${photoId}`).expect(400);
    expect(await t.connection.collection('images.files').countDocuments()).toBe(0);

    // Ids are random, not from a counter or the clock: a second report's shares nothing with the first's.
    const second = (await report(t, s.asha, await s.delivered(), await photoPng()).expect(201)).body.order.issue.photo as string;
    expect(PRIVATE_URL.exec(second)![2].slice(0, 8)).not.toBe(photoId.slice(0, 8));
  });

  const balaAddress = async () =>
    (
      await t
        .http()
        .post('/api/Address/add')
        .set('Cookie', s.bala)
        .send({ adress: { ...VALID_ADDRESS, firstName: 'Bala' } })
        .expect(201)
    ).body.address._id as string;

  it('16 reports at once to unknown orders are refused without decoding their photos (49 megapixels each), and memory stays bounded', async () => {
    const decode = jest.spyOn(await photos(t), 'decode');
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(Array.from({ length: 16 }, () => report(t, s.asha, new Types.ObjectId().toHexString(), bomb)));
    const after = process.memoryUsage().rss;
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(404));
    expect(answers.every((r) => r.body.success === false && r.body.message === 'Order not found')).toBe(true);
    expect(decode).not.toHaveBeenCalled();
    // The growth the 16 requests cause (one 49 MP photo decoded would be about 200 MB); the worker's own size
    // depends on the suites it ran before in the same process, so only the growth is judged here.
    expect(after - before).toBeLessThan(128 * 1024 * 1024);

    // Nor for another shopper's order, one not delivered yet or one reported already.
    const reported = await s.delivered();
    await report(t, s.asha, reported).expect(201);
    const refusals = await Promise.all([
      report(t, s.bala, await s.delivered(), bomb),
      report(t, s.asha, await s.place(), bomb),
      report(t, s.asha, reported, bomb),
      report(t, s.asha, 'not-an-order', bomb),
    ]);
    expect(refusals.map((r) => r.status)).toEqual([404, 409, 409, 404]);
    expect(decode).not.toHaveBeenCalled();
  });

  it('a photo over 24 megapixels is refused with a 400 saying so, and nothing is stored', async () => {
    const order = await s.delivered();
    const storedBefore = await t.connection.collection('private_photos.files').countDocuments();
    const res = await report(t, s.asha, order, bomb).expect(400);
    expect(res.body).toEqual({
      success: false,
      message: 'The picture is too large: 7000 × 7000 pixels (49 megapixels); at most 24 megapixels, such as 6000 × 4000',
    });
    expect((await t.connection.collection('orders').findOne({ _id: new Types.ObjectId(order) }))?.issue).toBeUndefined();
    expect(await t.connection.collection('private_photos.files').countDocuments()).toBe(storedBefore);
    // A product picture keeps its own, higher limit (50 megapixels).
    const media = t.app.get((await import('../src/media/media.service')).MediaService);
    await expect(media.prepareImage(await bombPng(5000, 5000))).resolves.toMatchObject({ image: { info: { width: 1200, height: 1200 } } });
  });

  it('at most 2 photos are decoded at once per instance; the others wait their turn and are taken', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, () => s.delivered()));
    const service = await photos(t);
    const decode = service.decode.bind(service);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const spy = jest.spyOn(service, 'decode').mockImplementation(async (buffer) => {
      most = Math.max(most, ++running);
      await gate;
      try {
        return await decode(buffer);
      } finally {
        running--;
      }
    });
    const picture = await photoPng(800, 600);
    const answers = Promise.all(orders.map((order) => report(t, s.asha, order, picture)));
    await eventually(
      () => service.decoding().running === 2 && service.decoding().waiting === 4,
      'two photos decoding and four waiting',
      8_000,
      () => service.decoding(),
    );
    expect(spy).toHaveBeenCalledTimes(2);
    release();
    expect((await answers).map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(spy).toHaveBeenCalledTimes(6);
    expect(most).toBe(2);
    expect(service.decoding()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('problem-report photos stored public by an older version', () => {
  let t: TestApp;

  afterAll(() => t.close());

  it('are moved to private photos at start-up: no longer public, still seen by the shopper and staff', async () => {
    t = await createTestApp(AUTH_ENV);
    const s = await setUp(t);
    const order = await s.delivered();
    await report(t, s.asha, order).expect(201);
    // As the version before stored it: a product-style image (and thumbnail) named by an ObjectId URL.
    const media = t.app.get((await import('../src/media/media.service')).MediaService);
    const legacy = await media.storeImage(await photoPng(60, 45));
    await t.connection.collection('orders').updateOne({ _id: new Types.ObjectId(order) }, { $set: { 'issue.photo': legacy } });
    const publicBytes = (await t.http().get(legacy).buffer(true).parse(binary).expect(200)).body as Buffer;
    await t.http().get(`${legacy}/thumb`).expect(200);

    // That version's database had not run the migration: restart on it.
    await t.connection.collection('migrations').deleteOne({ _id: 'issue-photos-private' } as never);
    const database = t.connection.name;
    await t.app.close();
    t = await createTestApp(AUTH_ENV, { database, sameModules: true });

    await t.http().get(legacy).expect(404);
    await t.http().get(`${legacy}/thumb`).expect(404);
    expect(await t.connection.collection('images.files').countDocuments()).toBe(0);
    const mine = (await t.http().get('/api/getorder/user?limit=100').set('Cookie', s.asha).expect(200)).body.orderdata.find(
      (o: { _id: string }) => o._id === order,
    );
    const url = mine.issue.photo as string;
    expect(url).toMatch(PRIVATE_URL);
    for (const who of [s.asha, s.packer, s.owner]) {
      const seen = await t.http().get(url).set('Cookie', who).buffer(true).parse(binary).expect(200);
      expect((seen.body as Buffer).equals(publicBytes)).toBe(true);
    }
    await t.http().get(url).set('Cookie', s.bala).expect(404);
    await t.http().get(url).expect(401);
    const open = (await t.http().get('/api/seller/issues').set('Cookie', s.owner).expect(200)).body.issues as { _id: string; photo?: string }[];
    expect(open.find((issue) => issue._id === order)?.photo).toBe(url);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

(redisUrl ? describe : describe.skip)('problem-report photos on two instances sharing the database and Redis', () => {
  const apps = twoInstances('photos', redisUrl!);

  it('a photo reported through one instance is read through the other by the shopper and staff, refused to another shopper and anonymous', async () => {
    const s = await setUp(apps.one);
    const order = await s.delivered();
    const url = (await report(apps.one, s.asha, order, await photoPng()).expect(201)).body.order.issue.photo as string;
    expect(url).toMatch(PRIVATE_URL);
    const direct = (await apps.one.http().get(url).set('Cookie', s.asha).buffer(true).parse(binary).expect(200)).body as Buffer;
    for (const who of [s.asha, s.packer, s.manager, s.owner]) {
      const seen = await apps.two.http().get(url).set('Cookie', who).buffer(true).parse(binary).expect(200);
      expect((seen.body as Buffer).equals(direct)).toBe(true);
    }
    const other = await apps.two.http().get(url).set('Cookie', s.bala).expect(404);
    expect(other.body).toEqual({ success: false, message: 'Photo not found' });
    expect((await apps.two.http().get(url).expect(401)).body.success).toBe(false);
  });
});
