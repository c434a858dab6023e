import { mongo } from 'mongoose';
import sharp from 'sharp';
import type { Response } from 'supertest';
import { imageIdFromUrl, type MediaService } from '../src/media/media.service';
import { createTestApp, type TestApp } from './support/test-app';

/** A real photo-like PNG: gradients and circles, so the encoders have something to compress. */
function drawPng(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2e7d32"/><stop offset="1" stop-color="#ffeb3b"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    ${Array.from({ length: 40 }, (_, i) => `<circle cx="${(i * 97) % width}" cy="${(i * 61) % height}" r="${20 + (i % 7) * 9}" fill="hsl(${i * 37}, 70%, 55%)" opacity="0.7"/>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** supertest: keep binary bodies as Buffers. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('product images (GridFS)', () => {
  let t: TestApp;
  let media: MediaService;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The app was loaded in a fresh module registry: take the class from that registry.
    media = t.app.get((await import('../src/media/media.service')).MediaService);
    url = await media.storeImage(await drawPng(1600, 1000));
  });
  afterAll(() => t.close());

  const files = () => t.connection.collection('images.files');

  it('stores an image and its thumbnail and returns the public URL', async () => {
    expect(url).toMatch(/^\/api\/images\/[0-9a-f]{24}$/);
    const id = imageIdFromUrl(url)!;
    const stored = await files().find({}).toArray();
    const image = stored.find((f) => String(f._id) === id)!;
    const thumb = stored.find((f) => f.metadata?.kind === 'thumb')!;
    expect(image.metadata).toMatchObject({ kind: 'image', contentType: 'image/webp', width: 1200, height: 750 });
    expect(thumb.metadata).toMatchObject({ kind: 'thumb', contentType: 'image/webp', width: 320, height: 200 });
    expect(String(image.metadata!.thumbId)).toBe(String(thumb._id));
    expect(String(thumb.metadata!.imageId)).toBe(id);
  });

  it('serves the image with content type, length, a year of immutable caching and an ETag', async () => {
    const res = await t.http().get(url).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    const metadata = await sharp(res.body as Buffer).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1200, height: 750 });
  });

  it('serves a thumbnail smaller than the image', async () => {
    const image = await t.http().get(url).buffer(true).parse(binary).expect(200);
    const thumb = await t.http().get(`${url}/thumb`).buffer(true).parse(binary).expect(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(thumb.headers.etag).not.toBe(image.headers.etag);
    expect((thumb.body as Buffer).length).toBeLessThan((image.body as Buffer).length);
    expect(await sharp(thumb.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 320, height: 200 });
  });

  it('answers 304 with no body when If-None-Match matches (strong, weak or in a list)', async () => {
    const { headers } = await t.http().get(url).expect(200);
    for (const tag of [headers.etag, `W/${headers.etag}`, `"other", ${headers.etag}`, '*']) {
      const res = await t.http().get(url).set('If-None-Match', tag).expect(304);
      expect(res.headers.etag).toBe(headers.etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.text ?? '').toBe('');
    }
    await t.http().get(url).set('If-None-Match', '"something-else"').expect(200);
    const thumb = await t.http().get(`${url}/thumb`).expect(200);
    await t.http().get(`${url}/thumb`).set('If-None-Match', thumb.headers.etag).expect(304);
  });

  it('answers unknown ids with 404 and malformed ids with 400, as JSON', async () => {
    for (const path of ['/api/images/aaaaaaaaaaaaaaaaaaaaaaaa', '/api/images/aaaaaaaaaaaaaaaaaaaaaaaa/thumb']) {
      const res = await t.http().get(path).expect(404);
      expect(res.body).toMatchObject({ success: false, message: 'Image not found' });
    }
    // A thumbnail's own id is not an image id.
    const thumb = await files().findOne({ 'metadata.kind': 'thumb' });
    await t
      .http()
      .get(`/api/images/${String(thumb!._id)}`)
      .expect(404);
    for (const path of ['/api/images/nope', '/api/images/123/thumb', '/api/images/zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const res = await t.http().get(path).expect(400);
      expect(res.body).toMatchObject({ success: false, message: 'Invalid image id' });
    }
  });

  it('is public: no session needed, same-origin resource policy from helmet', async () => {
    const res = await t.http().get(`${url}/thumb`).expect(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('accepts JPEG, WebP, AVIF and GIF as well, and keeps small images at their size', async () => {
    const source = sharp(await drawPng(300, 200));
    for (const format of ['jpeg', 'webp', 'avif', 'gif'] as const) {
      const stored = await media.storeImage(await source.clone().toFormat(format).toBuffer());
      const res = await t.http().get(stored).buffer(true).parse(binary).expect(200);
      expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 });
    }
  });

  it('turns photos upright from their EXIF orientation', async () => {
    const sideways = await sharp(await drawPng(300, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const stored = await media.storeImage(sideways);
    const res = await t.http().get(stored).buffer(true).parse(binary).expect(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 200, height: 300 });
  });

  it('refuses anything that is not a JPEG, PNG, WebP, AVIF or GIF image by its content', async () => {
    const before = await files().countDocuments();
    const png = await drawPng(64, 64);
    const candidates: Buffer[] = [
      Buffer.from('hello, this is not an image'),
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      await sharp(png).tiff().toBuffer(),
      png.subarray(0, Math.floor(png.length / 2)),
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('fake png body')]),
    ];
    for (const buffer of candidates) {
      await expect(media.storeImage(buffer)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('not a supported image') });
    }
    expect(await files().countDocuments()).toBe(before);
  });

  it('deleteImage removes the image and its thumbnail', async () => {
    const stored = await media.storeImage(await drawPng(100, 100));
    await t.http().get(`${stored}/thumb`).expect(200);
    const before = await files().countDocuments();
    const chunks = () => t.connection.collection('images.chunks').countDocuments();
    const chunksBefore = await chunks();
    expect(await media.deleteImage(stored)).toBe(true);
    expect(await files().countDocuments()).toBe(before - 2);
    expect(await chunks()).toBe(chunksBefore - 2);
    await t.http().get(stored).expect(404);
    await t.http().get(`${stored}/thumb`).expect(404);
    expect(await media.deleteImage(stored)).toBe(false);
    expect(await media.deleteImage('https://example.com/picture.png')).toBe(false);
  });

  it('writes standard GridFS files of one chunk under the file id, readable by any GridFS client', async () => {
    const id = new mongo.ObjectId(imageIdFromUrl(url)!);
    const file = await files().findOne({ _id: id });
    const chunks = await t.connection.collection('images.chunks').find({ files_id: id }).toArray();
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ _id: id, n: 0 });
    expect(file).toMatchObject({ length: expect.any(Number), chunkSize: file!.length, filename: 'image.webp', uploadDate: expect.any(Date) });
    const bucket = new mongo.GridFSBucket(t.connection.db!, { bucketName: 'images' });
    const viaDriver: Buffer[] = [];
    for await (const part of bucket.openDownloadStream(id)) viaDriver.push(part as Buffer);
    const served = await t.http().get(url).buffer(true).parse(binary).expect(200);
    expect(Buffer.concat(viaDriver).equals(served.body as Buffer)).toBe(true);
  });

  it('also serves and deletes images that a GridFS driver wrote in several chunks', async () => {
    const bytes = await sharp(await drawPng(400, 300))
      .webp()
      .toBuffer();
    const bucket = new mongo.GridFSBucket(t.connection.db!, { bucketName: 'images' });
    const upload = async (id: mongo.ObjectId, metadata: object) =>
      new Promise<void>((resolve, reject) => {
        const stream = bucket.openUploadStreamWithId(id, 'legacy.webp', { chunkSizeBytes: 1024, metadata });
        stream
          .once('finish', () => resolve())
          .once('error', reject)
          .end(bytes);
      });
    const imageId = new mongo.ObjectId();
    const thumbId = new mongo.ObjectId();
    await upload(thumbId, { kind: 'thumb', imageId, contentType: 'image/webp', etag: 'legacy-thumb' });
    await upload(imageId, { kind: 'image', thumbId, contentType: 'image/webp', etag: 'legacy-image' });
    const legacyUrl = `/api/images/${imageId.toHexString()}`;
    const res = await t.http().get(legacyUrl).buffer(true).parse(binary).expect(200);
    expect((res.body as Buffer).equals(bytes)).toBe(true);
    expect(res.headers.etag).toBe('"legacy-image"');
    await t.http().get(`${legacyUrl}/thumb`).expect(200);
    expect(await media.deleteImage(legacyUrl)).toBe(true);
    expect(await t.connection.collection('images.chunks').countDocuments({ files_id: { $in: [imageId, thumbId] } })).toBe(0);
    expect(await files().countDocuments({ _id: { $in: [imageId, thumbId] } })).toBe(0);
  });

  it('never caches an error: a file whose bytes are missing is a 500 without cache headers', async () => {
    const stored = await media.storeImage(await drawPng(50, 50));
    await t.connection.collection('images.chunks').deleteOne({ _id: new mongo.ObjectId(imageIdFromUrl(stored)!) });
    const res = await t.http().get(stored).expect(500);
    expect(res.body).toMatchObject({ success: false, message: 'Internal server error' });
    expect(res.headers['cache-control']).toBeUndefined();
    // (Express may add its own weak ETag to the JSON; the image's strong one must not be there.)
    expect(res.headers.etag ?? '').not.toMatch(/^"[\w-]{27}"$/);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('recognises its own URLs', () => {
    expect(imageIdFromUrl('/api/images/AAAAAAAAAAAAAAAAAAAAAAAA')).toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(imageIdFromUrl('http://localhost:3000/api/images/aaaaaaaaaaaaaaaaaaaaaaaa/thumb')).toBe('aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(imageIdFromUrl('/api/images/nope')).toBeUndefined();
    expect(imageIdFromUrl('/uploads/aaaaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined();
  });
});
