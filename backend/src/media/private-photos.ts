import { randomBytes } from 'node:crypto';
import { Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ConcurrencyLimit } from '../common/concurrency/concurrency-limit';
import { GridFsFiles } from './gridfs-files';
import { describeRendered, renderUpload, sourceHashOf, type RenderedImage } from './image-rendering';
import { MAX_IMAGE_SIDE, MAX_PHOTO_PIXELS, PHOTO_DECODES_AT_ONCE, PRIVATE_PHOTO_BUCKET } from './media.constants';
import { describeFile, type StoredFile } from './media.service';

/** A shopper's photo checked and rendered by `prepare`, not stored yet. */
export interface PreparedPhoto {
  image: RenderedImage;
  /** SHA-256 (hex) of the uploaded bytes. */
  sourceHash: string;
}

/** What a private photo's file carries in its `metadata`. */
export interface PrivatePhotoMetadata {
  contentType: string;
  width?: number;
  height?: number;
  /** Strong validator computed from the bytes. */
  etag: string;
  /** Whose it is, as the feature that stored it names it (`order:<id>`): only that feature's route serves it, to whoever may see that. */
  owner: string;
  /** What it shows (`issue`: a problem report's photo). */
  purpose: string;
  sourceHash?: string;
}

/** A private photo's id: 128 random bits in hex, unrelated to any other id (ObjectIds come from a counter and the time). */
const PHOTO_ID = /^[0-9a-f]{32}$/;

const NOT_FOUND = 'Photo not found';

/**
 * Photos that are not for everyone: a shopper's problem-report photo now, a rider's proof of delivery
 * later. Kept in their own GridFS bucket (`private_photos`, laid out as GridFsFiles says) under random
 * ids, each tagged with its `owner`; never served by the public `/api/images` route. The feature that
 * stores one serves it from a route of its own that checks who asks, and finds it here by id AND owner,
 * so one owner's route cannot serve another's photo.
 *
 * Decoding is bounded: shoppers' photos have a lower pixel limit than product pictures
 * (MAX_PHOTO_PIXELS, refused with a 400 from the header alone) and at most PHOTO_DECODES_AT_ONCE are
 * decoded at once in this process, the others waiting their turn. Callers check everything else first.
 */
@Injectable()
export class PrivatePhotos implements OnModuleInit {
  private readonly files: GridFsFiles<string>;
  private readonly decodes = new ConcurrencyLimit(PHOTO_DECODES_AT_ONCE);

  constructor(@InjectConnection() connection: Connection) {
    this.files = new GridFsFiles(connection, PRIVATE_PHOTO_BUCKET);
  }

  async onModuleInit(): Promise<void> {
    await this.files.createIndexes();
  }

  /** Checks and renders an upload without storing it (400 when it is not a JPEG, PNG, WebP, AVIF or GIF image, or too large), in its turn. */
  prepare(buffer: Buffer): Promise<PreparedPhoto> {
    return this.decodes.run(() => this.decode(buffer));
  }

  /** The decoding itself: one photo, at most 1200 px, WebP, upright and without EXIF data (call `prepare`, which waits its turn). */
  async decode(buffer: Buffer): Promise<PreparedPhoto> {
    const [image] = await renderUpload(buffer, { maxPixels: MAX_PHOTO_PIXELS, sizes: [{ side: MAX_IMAGE_SIDE, quality: 82 }] });
    return { image, sourceHash: sourceHashOf(buffer) };
  }

  /** Photos being decoded now and waiting to be. */
  decoding(): { running: number; waiting: number } {
    return { running: this.decodes.running, waiting: this.decodes.waiting };
  }

  /** Stores a prepared photo for `owner`; returns its new random id. */
  async store(prepared: PreparedPhoto, owner: string, purpose: string): Promise<string> {
    const id = newPhotoId();
    await this.files.write(id, 'photo.webp', prepared.image.data, {
      ...describeRendered(prepared.image),
      owner,
      purpose,
      sourceHash: prepared.sourceHash,
    } satisfies PrivatePhotoMetadata);
    return id;
  }

  /** Keeps bytes rendered and described already (a photo that an older version stored as a public image) for `owner`; returns its new id. */
  async adopt(bytes: Buffer, described: Pick<StoredFile, 'contentType' | 'etag'>, owner: string, purpose: string): Promise<string> {
    const id = newPhotoId();
    await this.files.write(id, 'photo.webp', bytes, {
      contentType: described.contentType,
      etag: described.etag.replace(/^"|"$/g, ''),
      owner,
      purpose,
    } satisfies PrivatePhotoMetadata);
    return id;
  }

  /** The photo `id` of `owner`, or 404 (for a malformed id, another owner's photo or none). Only _id look-ups. */
  async find(id: string, owner: string): Promise<StoredFile> {
    if (!isPhotoId(id)) throw new NotFoundException(NOT_FOUND);
    const file = await this.files.findFile(id);
    if (!file || file.metadata?.owner !== owner) throw new NotFoundException(NOT_FOUND);
    return describeFile(file);
  }

  read(file: StoredFile): Promise<Buffer> {
    return this.files.read({ id: String(file.id), length: file.length, chunkSize: file.chunkSize });
  }

  /** Removes the photo `id` (false when there is none). */
  async delete(id: string): Promise<boolean> {
    if (!isPhotoId(id)) return false;
    const file = await this.files.findFile(id);
    if (!file) return false;
    await this.files.remove(file._id, file.length, file.chunkSize);
    return true;
  }
}

export function isPhotoId(id: unknown): id is string {
  return typeof id === 'string' && PHOTO_ID.test(id);
}

function newPhotoId(): string {
  return randomBytes(16).toString('hex');
}
