import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, Logger, NotFoundException, OnModuleInit, PayloadTooLargeException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { mongo, type Connection } from 'mongoose';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { IMAGE_BUCKET, IMAGE_URL_PREFIX, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, THUMB_SIDE } from './media.constants';

export type ImageVariant = 'image' | 'thumb';

/** What a GridFS file of the images bucket carries in its `metadata`. */
export interface StoredImageMetadata {
  kind: ImageVariant;
  contentType: string;
  width: number;
  height: number;
  /** Strong validator computed from the bytes at upload. */
  etag: string;
  /** On an image: its thumbnail's file id. */
  thumbId?: mongo.ObjectId;
  /** On a thumbnail: the image it belongs to. */
  imageId?: mongo.ObjectId;
  /** On an image: a placed order shows it, so it outlives the product's use of it. */
  keptByOrder?: boolean;
  /** On an image: the SHA-256 of the file it was made from, so an import of the same picture finds it stored already. */
  sourceHash?: string;
}

/** An upload checked and rendered by prepareImage, not stored yet. */
export interface PreparedImage {
  image: RenderedImage;
  thumb: RenderedImage;
  /** SHA-256 (hex) of the uploaded bytes. */
  sourceHash: string;
}

interface RenderedImage {
  data: Buffer;
  info: OutputInfo;
}

export interface StoredFile {
  id: mongo.ObjectId;
  length: number;
  chunkSize: number;
  contentType: string;
  etag: string;
}

interface ChunkDocument {
  _id: mongo.ObjectId;
  files_id: mongo.ObjectId;
  n: number;
  data: mongo.Binary;
}

const ACCEPTED_FORMATS = 'JPEG, PNG, WebP, AVIF or GIF';
const NOT_AN_IMAGE = `The file is not a supported image (${ACCEPTED_FORMATS})`;

/**
 * Product images in GridFS: checked by content, normalised to WebP, each with a thumbnail.
 *
 * Files are written in the standard GridFS layout of the `images` bucket (any GridFS client can
 * read them), as one chunk whose _id equals the file's _id. Serving then needs only _id look-ups:
 * FerretDB v1 (SQLite) cannot push a `files_id` filter down, so the driver's download stream scans
 * every chunk of every image (measured: 1.4 s against 27 ms by _id over 50 MB of chunks).
 */
@Injectable()
export class MediaService implements OnModuleInit {
  private readonly logger = new Logger(MediaService.name);
  private bucketInstance?: mongo.GridFSBucket;
  /** Image ids this process has marked as kept by an order. */
  private readonly kept = new Set<string>();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** The indexes GridFS clients expect (the driver makes them on its first upload; we write files ourselves). */
  async onModuleInit(): Promise<void> {
    try {
      await this.files().createIndex({ filename: 1, uploadDate: 1 });
      await this.chunks().createIndex({ files_id: 1, n: 1 }, { unique: true });
    } catch (error) {
      this.logger.warn(`GridFS indexes of the ${IMAGE_BUCKET} bucket: ${(error as Error).message}`);
    }
  }

  /**
   * Stores an uploaded image and its thumbnail; returns the public URL (`/api/images/<id>`).
   * Throws 400 when the bytes are not a JPEG, PNG, WebP, AVIF or GIF image.
   */
  async storeImage(buffer: Buffer): Promise<string> {
    return this.storePrepared(await this.prepareImage(buffer));
  }

  /** Stores an image made by prepareImage and its thumbnail; returns the public URL (`/api/images/<id>`). */
  async storePrepared({ image, thumb, sourceHash }: PreparedImage): Promise<string> {
    const imageId = new mongo.ObjectId();
    const thumbId = new mongo.ObjectId();
    // Thumbnail first: an image that can be served always has its thumbnail.
    await this.write(thumbId, 'thumb.webp', thumb.data, { kind: 'thumb', imageId, ...describe(thumb) });
    try {
      await this.write(imageId, 'image.webp', image.data, { kind: 'image', thumbId, sourceHash, ...describe(image) });
    } catch (error) {
      await this.removeFile(thumbId, thumb.data.length).catch(() => undefined);
      throw error;
    }
    return `${IMAGE_URL_PREFIX}${imageId.toHexString()}`;
  }

  /** Marks images that a placed order shows: `deleteImage(url, { unlessKept: true })` leaves them. URLs not ours are ignored. */
  async keep(urls: readonly string[]): Promise<void> {
    // Once kept, an image stays kept (deleteImage refuses it): remember it and skip the write next time.
    const ids = [...new Set(urls.map(imageIdFromUrl).filter((id): id is string => !!id && !this.kept.has(id)))].map((id) => new mongo.ObjectId(id));
    if (!ids.length) return;
    // One update by `_id` alone each: FerretDB v1 over SQLite reads every file for any other filter
    // (`_id: { $in }` included). The ids come from image URLs, so they name images, not thumbnails.
    await Promise.all(ids.map((_id) => this.files().updateOne({ _id }, { $set: { 'metadata.keptByOrder': true } })));
    for (const id of ids) {
      if (this.kept.size >= 100_000) this.kept.clear();
      this.kept.add(String(id));
    }
  }

  /**
   * Removes an image stored by storeImage and its thumbnail. Returns false for URLs that are not ours,
   * already gone, or (with `unlessKept`) shown by a placed order.
   */
  async deleteImage(url: string, options: { unlessKept?: boolean } = {}): Promise<boolean> {
    const id = imageIdFromUrl(url);
    if (!id) return false;
    const image = await this.files().findOne({ _id: new mongo.ObjectId(id) });
    if (!image || image.metadata?.kind !== 'image') return false;
    if (options.unlessKept && image.metadata.keptByOrder === true) return false;
    const thumbId = image.metadata.thumbId as mongo.ObjectId | undefined;
    const thumb = thumbId ? await this.files().findOne({ _id: thumbId }) : null;
    // The image first: once it is gone nothing links to the thumbnail.
    await this.removeFile(image._id, image.length, image.chunkSize);
    if (thumb) await this.removeFile(thumb._id, thumb.length, thumb.chunkSize);
    return true;
  }

  /** The source hash of each of `urls` that names a stored image made since hashes are kept (one look-up by `_id` each). */
  async sourceHashes(urls: readonly string[]): Promise<Map<string, string>> {
    const hashes = new Map<string, string>();
    for (const url of new Set(urls)) {
      const id = imageIdFromUrl(url);
      if (!id) continue;
      const file = await this.files().findOne({ _id: new mongo.ObjectId(id) });
      const hash = file?.metadata?.kind === 'image' ? (file.metadata.sourceHash as unknown) : undefined;
      if (typeof hash === 'string') hashes.set(url, hash);
    }
    return hashes;
  }

  /** Those of `urls` that name an image stored now (one look-up by `_id` each; URLs not ours are left out). */
  async storedImages(urls: readonly string[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const url of new Set(urls)) {
      const id = imageIdFromUrl(url);
      if (!id) continue;
      const file = await this.files().findOne({ _id: new mongo.ObjectId(id) });
      if (file?.metadata?.kind === 'image') stored.add(url);
    }
    return stored;
  }

  /** The stored file for an image id (24 hex digits) and variant, or 404. Only _id look-ups (see the class comment). */
  async findFile(id: string, variant: ImageVariant): Promise<StoredFile> {
    const image = await this.files().findOne({ _id: new mongo.ObjectId(id) });
    if (!image || image.metadata?.kind !== 'image') throw new NotFoundException('Image not found');
    const thumbId = image.metadata.thumbId as mongo.ObjectId | undefined;
    const file = variant === 'image' ? image : thumbId ? await this.files().findOne({ _id: thumbId }) : null;
    if (!file) throw new NotFoundException('Image not found');
    const metadata = (file.metadata ?? {}) as Partial<StoredImageMetadata>;
    return {
      id: file._id,
      length: file.length,
      chunkSize: file.chunkSize,
      contentType: metadata.contentType ?? 'application/octet-stream',
      etag: `"${metadata.etag ?? `${file._id.toHexString()}-${file.length}`}"`,
    };
  }

  /**
   * The file's bytes: one _id look-up for files written here, the driver's GridFS stream for any other
   * layout. Whole in memory (images are at most a few hundred KB), so a missing chunk is an error
   * before the response starts rather than a cut-off image.
   */
  async read(file: StoredFile): Promise<Buffer> {
    if (file.length <= file.chunkSize) {
      const chunk = await this.chunks().findOne({ _id: file.id });
      if (chunk && chunk.n === 0 && chunk.files_id.equals(file.id) && chunk.data.length() === file.length) {
        return Buffer.from(chunk.data.buffer.buffer, chunk.data.buffer.byteOffset, chunk.data.length());
      }
    }
    const parts: Buffer[] = [];
    for await (const part of this.bucket().openDownloadStream(file.id)) parts.push(part as Buffer);
    const bytes = Buffer.concat(parts);
    // The driver ends quietly when every chunk is missing: never serve a truncated image as complete.
    if (bytes.length !== file.length) throw new Error(`GridFS file ${file.id.toHexString()} has ${bytes.length} of ${file.length} bytes`);
    return bytes;
  }

  /**
   * Checks and renders an upload without storing anything: decodes with sharp (which also proves the
   * bytes are a JPEG, PNG, WebP, AVIF or GIF image, else 400) and renders the stored and thumbnail
   * versions. A form with several images is checked whole this way before any is stored.
   */
  async prepareImage(buffer: Buffer): Promise<PreparedImage> {
    if (!Buffer.isBuffer(buffer) || buffer.length === 0) throw new BadRequestException(NOT_AN_IMAGE);
    if (buffer.length > MAX_IMAGE_BYTES) throw new PayloadTooLargeException(`Images must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`);
    const options = { limitInputPixels: MAX_IMAGE_PIXELS };
    let format: string;
    try {
      const metadata = await sharp(buffer, options).metadata();
      // sharp reports AVIF as HEIF with AV1 compression; other HEIF (HEIC) is not accepted.
      format = metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format;
    } catch {
      throw new BadRequestException(NOT_AN_IMAGE);
    }
    if (!['jpeg', 'png', 'webp', 'avif', 'gif'].includes(format)) throw new BadRequestException(NOT_AN_IMAGE);
    try {
      // Re-encoding also drops EXIF data (camera, GPS) from shoppers' and sellers' photos.
      const source = sharp(buffer, options).autoOrient();
      const [image, thumb] = await Promise.all([render(source.clone(), MAX_IMAGE_SIDE, 82), render(source.clone(), THUMB_SIDE, 75)]);
      return { image, thumb, sourceHash: sourceHashOf(buffer) };
    } catch {
      // Headers can be valid while the pixel data is truncated or corrupt.
      throw new BadRequestException(NOT_AN_IMAGE);
    }
  }

  /** A GridFS file of exactly one chunk whose _id is the file's _id; chunk first, as GridFS drivers do. */
  private async write(id: mongo.ObjectId, filename: string, data: Buffer, metadata: StoredImageMetadata): Promise<void> {
    await this.chunks().insertOne({ _id: id, files_id: id, n: 0, data: new mongo.Binary(data) });
    try {
      await this.files().insertOne({ _id: id, length: data.length, chunkSize: data.length, uploadDate: new Date(), filename, metadata });
    } catch (error) {
      await this.chunks()
        .deleteOne({ _id: id })
        .catch(() => undefined);
      throw error;
    }
  }

  /** Files written here have one chunk under the file's _id; others are removed by files_id. */
  private async removeFile(id: mongo.ObjectId, length: number, chunkSize = length): Promise<void> {
    await this.files().deleteOne({ _id: id });
    await this.chunks().deleteOne({ _id: id });
    if (length > chunkSize) await this.chunks().deleteMany({ files_id: id });
  }

  private bucket(): mongo.GridFSBucket {
    this.bucketInstance ??= new mongo.GridFSBucket(this.connection.db!, { bucketName: IMAGE_BUCKET });
    return this.bucketInstance;
  }

  private files() {
    return this.connection.db!.collection<mongo.GridFSFile>(`${IMAGE_BUCKET}.files`);
  }

  private chunks() {
    return this.connection.db!.collection<ChunkDocument>(`${IMAGE_BUCKET}.chunks`);
  }
}

/** The image id in a URL made by storeImage (`/api/images/<id>`, optionally absolute or with `/thumb`), else undefined. */
export function imageIdFromUrl(url: string): string | undefined {
  if (typeof url !== 'string') return undefined;
  let path = url;
  try {
    path = new URL(url, 'http://local').pathname;
  } catch {
    return undefined;
  }
  const match = /^\/api\/images\/([0-9a-f]{24})(?:\/thumb)?\/?$/i.exec(path);
  return match?.[1].toLowerCase();
}

function render(pipeline: Sharp, side: number, quality: number) {
  return pipeline.resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer({ resolveWithObject: true });
}

/** What storePrepared records of the bytes an image was made from. */
export function sourceHashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function describe({ data, info }: { data: Buffer; info: OutputInfo }) {
  return {
    contentType: 'image/webp',
    width: info.width,
    height: info.height,
    etag: createHash('sha256').update(data).digest('base64url').slice(0, 27),
  };
}
