import { Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { mongo, type Connection } from 'mongoose';
import { GridFsFiles, type FileDocument } from './gridfs-files';
import { describeRendered, renderUpload, sourceHashOf, type RenderedImage } from './image-rendering';
import { IMAGE_BUCKET, IMAGE_URL_PREFIX, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, THUMB_SIDE } from './media.constants';

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
  /** On an image: a shopper's photo stored here by versions before private photos, being moved to them (never served here). */
  private?: boolean;
}

/** An upload checked and rendered by prepareImage, not stored yet. */
export interface PreparedImage {
  image: RenderedImage;
  thumb: RenderedImage;
  /** SHA-256 (hex) of the uploaded bytes. */
  sourceHash: string;
}

export interface StoredFile {
  id: mongo.ObjectId | string;
  length: number;
  chunkSize: number;
  contentType: string;
  etag: string;
}

export { sourceHashOf } from './image-rendering';

/**
 * Product images in GridFS (the `images` bucket, see GridFsFiles): checked by content, normalised to
 * WebP, each with a thumbnail, public at `/api/images/<id>`. Shoppers' photos are not kept here but in
 * PrivatePhotos.
 */
@Injectable()
export class MediaService implements OnModuleInit {
  private readonly store: GridFsFiles<mongo.ObjectId>;
  /** Image ids this process has marked as kept by an order. */
  private readonly kept = new Set<string>();

  constructor(@InjectConnection() connection: Connection) {
    this.store = new GridFsFiles(connection, IMAGE_BUCKET);
  }

  async onModuleInit(): Promise<void> {
    await this.store.createIndexes();
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
    await this.store.write(thumbId, 'thumb.webp', thumb.data, { kind: 'thumb', imageId, ...describeRendered(thumb) } satisfies StoredImageMetadata);
    try {
      await this.store.write(imageId, 'image.webp', image.data, {
        kind: 'image',
        thumbId,
        sourceHash,
        ...describeRendered(image),
      } satisfies StoredImageMetadata);
    } catch (error) {
      await this.store.remove(thumbId, thumb.data.length).catch(() => undefined);
      throw error;
    }
    return `${IMAGE_URL_PREFIX}${imageId.toHexString()}`;
  }

  /** Marks images that a placed order shows: `deleteImage(url, { unlessKept: true })` leaves them. URLs not ours are ignored. */
  async keep(urls: readonly string[]): Promise<void> {
    // Once kept, an image stays kept (deleteImage refuses it): remember it and skip the write next time.
    const ids = [...new Set(urls.map(imageIdFromUrl).filter((id): id is string => !!id && !this.kept.has(id)))].map((id) => new mongo.ObjectId(id));
    if (!ids.length) return;
    // One update by `_id` alone each: any other filter (`_id: { $in }` included) may read every file
    // (docs/database.md). The ids come from image URLs, so they name images, not thumbnails.
    await Promise.all(ids.map((_id) => this.store.files().updateOne({ _id }, { $set: { 'metadata.keptByOrder': true } })));
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
    const image = await this.imageOf(url);
    if (!image) return false;
    if (options.unlessKept && image.metadata?.keptByOrder === true) return false;
    const thumbId = image.metadata?.thumbId as mongo.ObjectId | undefined;
    const thumb = thumbId ? await this.store.findFile(thumbId) : null;
    // The image first: once it is gone nothing links to the thumbnail.
    await this.store.remove(image._id, image.length, image.chunkSize);
    if (thumb) await this.store.remove(thumb._id, thumb.length, thumb.chunkSize);
    return true;
  }

  /** The source hash of each of `urls` that names a stored image made since hashes are kept (one look-up by `_id` each). */
  async sourceHashes(urls: readonly string[]): Promise<Map<string, string>> {
    const hashes = new Map<string, string>();
    for (const url of new Set(urls)) {
      const hash = (await this.imageOf(url))?.metadata?.sourceHash as unknown;
      if (typeof hash === 'string') hashes.set(url, hash);
    }
    return hashes;
  }

  /** Those of `urls` that name a public image stored now (one look-up by `_id` each; URLs not ours are left out). */
  async storedImages(urls: readonly string[]): Promise<Set<string>> {
    const stored = new Set<string>();
    for (const url of new Set(urls)) {
      const id = imageIdFromUrl(url);
      if (!id) continue;
      const file = await this.store.findFile(new mongo.ObjectId(id));
      if (file?.metadata?.kind === 'image' && file.metadata.private !== true) stored.add(url);
    }
    return stored;
  }

  /**
   * The stored file for an image id (24 hex digits) and variant, or 404. Only _id look-ups (see
   * GridFsFiles). A shopper's photo stored here by an older version is not served (see `withdraw`).
   */
  async findFile(id: string, variant: ImageVariant): Promise<StoredFile> {
    const image = await this.store.findFile(new mongo.ObjectId(id));
    if (!image || image.metadata?.kind !== 'image' || image.metadata.private === true) throw new NotFoundException('Image not found');
    const thumbId = image.metadata.thumbId as mongo.ObjectId | undefined;
    const file = variant === 'image' ? image : thumbId ? await this.store.findFile(thumbId) : null;
    if (!file) throw new NotFoundException('Image not found');
    return describeFile(file);
  }

  /** The file's bytes (see GridFsFiles.read). */
  read(file: StoredFile): Promise<Buffer> {
    return this.store.read(file as StoredFile & { id: mongo.ObjectId });
  }

  /**
   * A shopper's photo that an older version stored here as a public image: from now on it is never
   * served at `/api/images/<id>`. Returns its bytes and description (null when it is not a stored image),
   * for PrivatePhotos to take over; delete it with `deleteImage` once it is kept there.
   */
  async withdraw(url: string): Promise<{ bytes: Buffer; file: StoredFile } | null> {
    const image = await this.imageOf(url);
    if (!image) return null;
    if (image.metadata?.private !== true) await this.store.files().updateOne({ _id: image._id }, { $set: { 'metadata.private': true } });
    const file = describeFile(image);
    return { bytes: await this.read(file), file };
  }

  /**
   * Checks and renders an upload without storing anything: decodes with sharp (which also proves the
   * bytes are a JPEG, PNG, WebP, AVIF or GIF image, else 400; more than MAX_IMAGE_PIXELS is a 400 too)
   * and renders the stored and thumbnail versions. A form with several images is checked whole this way
   * before any is stored.
   */
  async prepareImage(buffer: Buffer): Promise<PreparedImage> {
    const [image, thumb] = await renderUpload(buffer, {
      maxPixels: MAX_IMAGE_PIXELS,
      sizes: [
        { side: MAX_IMAGE_SIDE, quality: 82 },
        { side: THUMB_SIDE, quality: 75 },
      ],
    });
    return { image, thumb, sourceHash: sourceHashOf(buffer) };
  }

  /** The image (not a thumbnail) a URL of ours names, or null. */
  private async imageOf(url: string): Promise<FileDocument<mongo.ObjectId> | null> {
    const id = imageIdFromUrl(url);
    if (!id) return null;
    const image = await this.store.findFile(new mongo.ObjectId(id));
    return image?.metadata?.kind === 'image' ? image : null;
  }
}

/** How a stored file is served: its type and strong validator (made from its id and length for files written without one). */
export function describeFile(file: FileDocument): StoredFile {
  const metadata = (file.metadata ?? {}) as Partial<StoredImageMetadata>;
  return {
    id: file._id,
    length: file.length,
    chunkSize: file.chunkSize,
    contentType: metadata.contentType ?? 'application/octet-stream',
    etag: `"${metadata.etag ?? `${String(file._id)}-${file.length}`}"`,
  };
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
