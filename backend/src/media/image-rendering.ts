import { createHash } from 'node:crypto';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { MAX_IMAGE_BYTES } from './media.constants';

/** An upload rendered to WebP at one size. */
export interface RenderedImage {
  data: Buffer;
  info: OutputInfo;
}

/** One size to render: the longest side and the WebP quality. */
export interface RenderedSize {
  side: number;
  quality: number;
}

const ACCEPTED_FORMATS = 'JPEG, PNG, WebP, AVIF or GIF';
export const NOT_AN_IMAGE = `The file is not a supported image (${ACCEPTED_FORMATS})`;

/**
 * Checks an upload and renders it at each of `sizes`, storing nothing: reads the header with sharp (which
 * also proves the bytes are a JPEG, PNG, WebP, AVIF or GIF image, else 400), refuses more than `maxPixels`
 * with a 400 saying so before any pixel is decoded (decompression bombs: a 156 KB PNG can be 49 megapixels),
 * then decodes, turns it upright and renders. Re-encoding also drops EXIF data (camera, GPS).
 */
export async function renderUpload(buffer: Buffer, { maxPixels, sizes }: { maxPixels: number; sizes: RenderedSize[] }): Promise<RenderedImage[]> {
  if (!Buffer.isBuffer(buffer) || buffer.length === 0) throw new BadRequestException(NOT_AN_IMAGE);
  if (buffer.length > MAX_IMAGE_BYTES) throw new PayloadTooLargeException(`Images must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
  const options = { limitInputPixels: maxPixels };
  let format: string;
  let width: number;
  let height: number;
  try {
    // The header alone (no pixels), so that a picture over the limit is told so rather than "not an image".
    const metadata = await sharp(buffer, { limitInputPixels: false }).metadata();
    // sharp reports AVIF as HEIF with AV1 compression; other HEIF (HEIC) is not accepted.
    format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    width = metadata.width ?? 0;
    // Only the first frame of an animation is decoded.
    height = metadata.pageHeight ?? metadata.height ?? 0;
  } catch {
    throw new BadRequestException(NOT_AN_IMAGE);
  }
  if (!['jpeg', 'png', 'webp', 'avif', 'gif'].includes(format)) throw new BadRequestException(NOT_AN_IMAGE);
  if (width * height > maxPixels) {
    throw new BadRequestException(
      `The picture is too large: ${width} × ${height} pixels (${megapixels(width * height)} megapixels); at most ${megapixels(maxPixels)} megapixels, such as ${sideBySide(maxPixels)}`,
    );
  }
  try {
    const source = sharp(buffer, options).autoOrient();
    return await Promise.all(sizes.map(({ side, quality }) => render(source.clone(), side, quality)));
  } catch {
    // Headers can be valid while the pixel data is truncated or corrupt.
    throw new BadRequestException(NOT_AN_IMAGE);
  }
}

function render(pipeline: Sharp, side: number, quality: number): Promise<RenderedImage> {
  return pipeline.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer({ resolveWithObject: true });
}

/** The SHA-256 (hex) of the bytes an image was made from. */
export function sourceHashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What a stored file records of a rendered image: type, size and a strong validator computed from the bytes. */
export function describeRendered({ data, info }: RenderedImage) {
  return {
    contentType: 'image/webp',
    width: info.width,
    height: info.height,
    etag: createHash('sha256').update(data).digest('base64url').slice(0, 27),
  };
}

const megapixels = (pixels: number) => String(Math.round(pixels / 100_000) / 10);

/** A 3:2 picture of about `pixels` (24 MP: 6000 × 4000). */
function sideBySide(pixels: number): string {
  const height = Math.floor(Math.sqrt((pixels * 2) / 3) / 100) * 100;
  return `${(height * 3) / 2} × ${height}`;
}
