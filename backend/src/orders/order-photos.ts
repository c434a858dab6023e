import { roleMay } from '@greencart/domain';
import { Injectable, NotFoundException } from '@nestjs/common';
import { Types } from 'mongoose';
import type { StoredFile } from '../media/media.service';
import { PrivatePhotos, type PreparedPhoto } from '../media/private-photos';
import type { Sessions } from '../sessions/session.service';
import { OrderCache } from './order-cache';

/** What an order's photo shows. */
export type OrderPhotoPurpose = 'issue';

const NOT_FOUND = 'Photo not found';
const ORDER_ID = /^[0-9a-f]{24}$/i;
/** `/api/orders/<order id>/photos/<photo id>`, as `urlOf` makes it. */
const PHOTO_URL = /^\/api\/orders\/([0-9a-f]{24})\/photos\/([0-9a-f]{32})$/i;

/**
 * Photos that belong to an order (a problem report's photo; later a rider's proof of delivery), kept in
 * PrivatePhotos under `order:<id>` and served at `GET /api/orders/:id/photos/:photoId` to whoever sees the
 * order: its shopper, and seller accounts whose role has the `orders` permission. Everyone else, signed
 * in or not, learns nothing: the same 404 as for a photo that does not exist.
 */
@Injectable()
export class OrderPhotos {
  constructor(
    private readonly photos: PrivatePhotos,
    private readonly cache: OrderCache,
  ) {}

  /** Checks and renders a shopper's photo (bounded: see PrivatePhotos). Call it once the order is known to take it. */
  prepare(buffer: Buffer): Promise<PreparedPhoto> {
    return this.photos.prepare(buffer);
  }

  /** Stores a prepared photo of the order; returns its URL. */
  async store(orderId: string, prepared: PreparedPhoto, purpose: OrderPhotoPurpose): Promise<string> {
    return urlOf(orderId, await this.photos.store(prepared, ownerOf(orderId), purpose));
  }

  /** Keeps bytes stored before (a photo an older version made public) as the order's; returns its URL. */
  async adopt(orderId: string, bytes: Buffer, described: Pick<StoredFile, 'contentType' | 'etag'>, purpose: OrderPhotoPurpose): Promise<string> {
    return urlOf(orderId, await this.photos.adopt(bytes, described, ownerOf(orderId), purpose));
  }

  /** Removes a photo stored by `store` or `adopt` (false for a URL that is not one). */
  async delete(url: string): Promise<boolean> {
    const match = PHOTO_URL.exec(url);
    return match ? this.photos.delete(match[2].toLowerCase()) : false;
  }

  /** The photo for someone who sees the order; else 404, whether the order or photo exists or not. */
  async find(orderId: string, photoId: string, { shopper, seller }: Sessions): Promise<StoredFile> {
    if (!ORDER_ID.test(orderId)) throw new NotFoundException(NOT_FOUND);
    const staffSee = !!seller && roleMay(seller.account, 'orders');
    const order = await this.cache.findById(new Types.ObjectId(orderId));
    const shopperSees = !!order && !!shopper && String(order.user) === String(shopper._id);
    if (!order || !(staffSee || shopperSees)) throw new NotFoundException(NOT_FOUND);
    return this.photos.find(photoId, ownerOf(orderId));
  }

  read(file: StoredFile): Promise<Buffer> {
    return this.photos.read(file);
  }
}

/** The owner PrivatePhotos keeps an order's photos under. */
function ownerOf(orderId: string): string {
  return `order:${orderId.toLowerCase()}`;
}

export function urlOf(orderId: string, photoId: string): string {
  return `/api/orders/${orderId.toLowerCase()}/photos/${photoId}`;
}
