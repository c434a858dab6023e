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
}

/** An upload checked and rendered by prepareImage, not stored yet. */
export interface PreparedImage {
  image: RenderedImage;
  thumb: RenderedImage;
}

interface RenderedImage {
  data: Buffer;
  info: OutputInfo;
}

export interface StoredFile {
  id: mongo.ObjectId;
  length: number;
  contentType: string;
  etag: string;
}

const ACCEPTED_FORMATS = 'JPEG, PNG, WebP, AVIF or GIF';
const NOT_AN_IMAGE = `The file is not a supported image (${ACCEPTED_FORMATS})`;

/** Product images in GridFS: checked by content, normalised to WebP, each with a thumbnail. */
@Injectable()
export class MediaService implements OnModuleInit {
  private readonly logger = new Logger(MediaService.name);
  private bucketInstance?: mongo.GridFSBucket;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    // Thumbnails are found from their image's id.
    await this.files().createIndex({ 'metadata.imageId': 1 }).catch((error: Error) => this.logger.warn(`images index: ${error.message}`));
  }

  /**
   * Stores an uploaded image and its thumbnail; returns the public URL (`/api/images/<id>`).
   * Throws 400 when the bytes are not a JPEG, PNG, WebP, AVIF or GIF image.
   */
  async storeImage(buffer: Buffer): Promise<string> {
    return this.storePrepared(await this.prepareImage(buffer));
  }

  /** Stores an image made by prepareImage and its thumbnail; returns the public URL (`/api/images/<id>`). */
  async storePrepared({ image, thumb }: PreparedImage): Promise<string> {
    const imageId = new mongo.ObjectId();
    const thumbId = new mongo.ObjectId();
    // Thumbnail first: an image that can be served always has its thumbnail.
    await this.write(thumbId, 'thumb.webp', thumb.data, { kind: 'thumb', imageId, ...describe(thumb) });
    try {
      await this.write(imageId, 'image.webp', image.data, { kind: 'image', thumbId, ...describe(image) });
    } catch (error) {
      await this.bucket().delete(thumbId).catch(() => undefined);
      throw error;
    }
    return `${IMAGE_URL_PREFIX}${imageId.toHexString()}`;
  }

  /** Removes an image stored by storeImage and its thumbnail. Returns false for URLs that are not ours or already gone. */
  async deleteImage(url: string): Promise<boolean> {
    const id = imageIdFromUrl(url);
    if (!id) return false;
    const objectId = new mongo.ObjectId(id);
    const files = await this.files()
      .find({ $or: [{ _id: objectId }, { 'metadata.imageId': objectId }] }, { projection: { _id: 1 } })
      .toArray();
    for (const file of files) await this.bucket().delete(file._id).catch(() => undefined);
    return files.some((file) => file._id.equals(objectId));
  }

  /** The stored file for an image id (24 hex digits) and variant, or 404. */
  async findFile(id: string, variant: ImageVariant): Promise<StoredFile> {
    const objectId = new mongo.ObjectId(id);
    const filter = variant === 'image' ? { _id: objectId, 'metadata.kind': 'image' } : { 'metadata.imageId': objectId, 'metadata.kind': 'thumb' };
    const file = await this.files().findOne(filter);
    if (!file) throw new NotFoundException('Image not found');
    const metadata = (file.metadata ?? {}) as Partial<StoredImageMetadata>;
    return {
      id: file._id,
      length: file.length,
      contentType: metadata.contentType ?? 'application/octet-stream',
      etag: `"${metadata.etag ?? `${file._id.toHexString()}-${file.length}`}"`,
    };
  }

  openDownload(file: StoredFile): NodeJS.ReadableStream {
    return this.bucket().openDownloadStream(file.id);
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
      return { image, thumb };
    } catch {
      // Headers can be valid while the pixel data is truncated or corrupt.
      throw new BadRequestException(NOT_AN_IMAGE);
    }
  }

  private write(id: mongo.ObjectId, filename: string, data: Buffer, metadata: StoredImageMetadata): Promise<void> {
    return new Promise((resolve, reject) => {
      const upload = this.bucket().openUploadStreamWithId(id, filename, { metadata });
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(data);
    });
  }

  private bucket(): mongo.GridFSBucket {
    this.bucketInstance ??= new mongo.GridFSBucket(this.connection.db!, { bucketName: IMAGE_BUCKET });
    return this.bucketInstance;
  }

  private files() {
    return this.connection.db!.collection<mongo.GridFSFile>(`${IMAGE_BUCKET}.files`);
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

function describe({ data, info }: { data: Buffer; info: OutputInfo }) {
  return {
    contentType: 'image/webp',
    width: info.width,
    height: info.height,
    etag: createHash('sha256').update(data).digest('base64url').slice(0, 27),
  };
}
