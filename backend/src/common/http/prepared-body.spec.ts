import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { chooseEncoding, prepare, prepareSync } from './prepared-body';

const json = JSON.stringify({ success: true, products: Array.from({ length: 40 }, (_, i) => ({ _id: String(i), name: `Desi Tomatoes ${i}` })) });

describe('prepared answers', () => {
  it('a page is compressed in an encoding the first time it is sent so, once, and decodes to the same JSON', () => {
    const body = prepareSync(json);
    expect(body.compressed).toBe(true);
    expect(chooseEncoding('gzip, deflate, br', body)).toBe('br');
    const br = body.br!;
    expect(body.br).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(json);
    expect(chooseEncoding('gzip', body)).toBe('gzip');
    expect(gunzipSync(body.gzip!).toString()).toBe(json);
    expect(body.etag).toMatch(/^W\/"/);
  });

  it('a small answer is never compressed; a client that takes no encoding gets the JSON', async () => {
    const small = prepareSync('{"success":true}');
    expect(small.compressed).toBe(false);
    expect(chooseEncoding('br, gzip', small)).toBeUndefined();
    expect(chooseEncoding(undefined, prepareSync(json))).toBeUndefined();
    expect(chooseEncoding('br;q=0, gzip;q=0', prepareSync(json))).toBeUndefined();
    expect(chooseEncoding('br;q=0, *', prepareSync(json))).toBe('gzip');
    const large = await prepare(json.repeat(200));
    expect(large.compressed).toBe(true);
    expect(brotliDecompressSync(large.br!).toString()).toBe(json.repeat(200));
  });
});
