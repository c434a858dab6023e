import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit with embedded fonts, line by line as a person reads it: each
 * content stream's text pieces (`/Fn size Tf`, `x y Tm`, `[<glyphs> kern …] TJ`) decoded through their
 * font's ToUnicode map, grouped by their line (y within 3 points) and ordered by x, pieces joined by a space. A lone
 * "₹" piece (drawn with another font than its amount) joins the amount: "₹96.66", and so does a minus before it: "−₹50.00". Enough for our own
 * invoices, not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream?: Buffer }>();
  const objectPattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m; (m = objectPattern.exec(source));) {
    const body = m[2];
    const streamAt = body.indexOf('stream');
    if (streamAt < 0) {
      objects.set(Number(m[1]), { dict: body });
      continue;
    }
    const start = m.index + m[0].indexOf(body) + streamAt + 'stream'.length + (body[streamAt + 6] === '\r' ? 2 : 1);
    const length = Number(/\/Length (\d+)/.exec(body.slice(0, streamAt))![1]);
    const raw = pdf.subarray(start, start + length);
    objects.set(Number(m[1]), { dict: body.slice(0, streamAt), stream: /FlateDecode/.test(body.slice(0, streamAt)) ? inflateSync(raw) : raw });
  }

  // Font resource names (/F1) to their glyph → text maps.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    const resources = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1];
    for (const [, name, ref] of resources?.matchAll(/\/(\w+) (\d+) 0 R/g) ?? []) {
      if (fonts.has(name)) continue;
      const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(Number(ref))?.dict ?? '')?.[1];
      fonts.set(name, toUnicodeMap(objects.get(Number(toUnicode))?.stream?.toString('latin1') ?? ''));
    }
  }

  const pages: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /Length1|Subtype|CIDInit/.test(dict) || stream.toString('latin1').includes('begincmap')) continue;
    const content = stream.toString('latin1');
    if (!content.includes(' TJ')) continue;
    const pieces: { x: number; y: number; text: string }[] = [];
    let font = new Map<number, string>();
    let x = 0;
    let y = 0;
    const ops = /\/(\w+) [\d.]+ Tf|1 0 0 1 ([-\d.]+) ([-\d.]+) Tm|\[([^\]]*)\] TJ/g;
    for (let op; (op = ops.exec(content));) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map();
      else if (op[2] !== undefined) [x, y] = [Number(op[2]), Number(op[3])];
      else {
        const text = [...op[4].matchAll(/<([0-9a-f]*)>/gi)]
          .map(([, hex]) => (hex.match(/.{4}/g) ?? []).map((glyph) => font.get(parseInt(glyph, 16)) ?? '?').join(''))
          .join('');
        pieces.push({ x, y, text });
      }
    }
    // Pieces of one line may sit a point or two apart (a label and its larger amount).
    const lines: { y: number; pieces: typeof pieces }[] = [];
    for (const piece of [...pieces].sort((a, b) => b.y - a.y)) {
      const line = lines[lines.length - 1];
      if (line && line.y - piece.y < 3) line.pieces.push(piece);
      else lines.push({ y: piece.y, pieces: [piece] });
    }
    pages.push(
      lines
        .map(({ pieces: line }) =>
          line
            .sort((a, b) => a.x - b.x)
            .map((piece) => piece.text)
            .join(' ')
            .replace(/− ₹/g, '−₹')
            .replace(/₹ /g, '₹'),
        )
        .join('\n'),
    );
  }
  return pages.join('\n\f\n');
}

function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) => String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, from, , list] of cmap.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi))
    [...list.matchAll(/<([0-9a-f]+)>/gi)].forEach(([, hex], i) => map.set(parseInt(from, 16) + i, text(hex)));
  for (const [, glyph, hex] of cmap.matchAll(/^<([0-9a-f]+)>\s*<([0-9a-f]+)>$/gim)) map.set(parseInt(glyph, 16), text(hex));
  return map;
}
