import { createHash } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { isValidObjectId, Model, Types, type QueryFilter } from 'mongoose';
import { AddressesService } from '../addresses/addresses.service';
import { priceCart, toPaise, fromPaise } from '@greencart/domain';
import { LocksService } from '../common/locks/locks.service';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { ProductsService } from '../products/products.service';
import { UsersService } from '../users/users.service';
import { OrderLineDto, PlaceOrderDto } from './dto/place-order.dto';
import { canMove, type OrderStatus } from '@greencart/domain';
import { Order, OrderDocument } from './schemas/order.schema';

export interface PlacedOrder {
  order: OrderDocument;
  /** false when the idempotency key had already produced this order. */
  created: boolean;
}

const PRODUCT_FIELDS = 'name category image offerPrice';
const SELLER_ADDRESS_FIELDS = 'firstName lastName email street city state pincode country phone';
/** The shopper sees the whole saved address. */
const ADDRESS_FIELDS = '';

@Injectable()
export class OrdersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly addresses: AddressesService,
    private readonly products: ProductsService,
    private readonly users: UsersService,
    private readonly locks: LocksService,
  ) {}

  /**
   * Prices the order from the database and stores it in one single-document write. The unique
   * (user, idempotencyKey) index makes a repeated or concurrent submission return the first order.
   */
  async place(userId: string, dto: PlaceOrderDto, idempotencyKey: string, paymentType: 'COD' | 'Online' = 'COD'): Promise<PlacedOrder> {
    const lines = mergeLines(dto.items);
    const requestHash = fingerprint(dto.address, lines, paymentType);

    const previous = await this.findByKey(userId, idempotencyKey);
    if (previous) return this.replay(previous, requestHash);

    const address = await this.addresses.findOwned(userId, dto.address);
    if (!address) throw new BadRequestException('Please select one of your saved addresses');

    const products = await this.products.findByIds(lines.map((l) => l.product));
    const byId = new Map(products.map((p) => [String(p._id), p]));
    const items = lines.map((line) => {
      const product = byId.get(line.product);
      if (!product) throw new BadRequestException(`Product ${line.product} does not exist`);
      if (!product.inStock) throw new BadRequestException(`${product.name} is out of stock`);
      return {
        product: new Types.ObjectId(line.product),
        quantity: line.quantity,
        name: product.name,
        category: product.category,
        image: product.image?.[0] ?? '',
        offerPrice: product.offerPrice,
        offerPricePaise: toPaise(product.offerPrice),
      };
    });
    const price = priceCart(items.map((i) => ({ offerPrice: i.offerPrice, quantity: i.quantity })));

    let order: OrderDocument;
    try {
      order = await this.orders.create({
        user: new Types.ObjectId(userId),
        items,
        address: address._id,
        amount: fromPaise(price.totalPaise),
        amountPaise: price.totalPaise,
        subtotalPaise: price.subtotalPaise,
        taxPaise: price.taxPaise,
        paymentType,
        status: 'Order Placed',
        isPaid: false,
        statusHistory: [{ status: 'Order Placed', at: new Date() }],
        idempotencyKey,
        requestHash,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const winner = await this.findByKey(userId, idempotencyKey);
      if (!winner) throw error;
      return this.replay(winner, requestHash);
    }
    await this.users.replaceCart(userId, {});
    return { order: await this.populateForShopper(order), created: true };
  }

  listForShopper(userId: string, page: number, limit: number) {
    return this.listPage({ user: new Types.ObjectId(userId) }, page, limit, ADDRESS_FIELDS);
  }

  listForSeller(page: number, limit: number, status?: OrderStatus) {
    return this.listPage(status ? { status } : {}, page, limit, SELLER_ADDRESS_FIELDS);
  }

  /** Newest first; populate runs separate queries (no $lookup on FerretDB), the count is its own query. */
  private async listPage(filter: QueryFilter<Order>, page: number, limit: number, addressFields: string) {
    const [orders, total] = await Promise.all([
      this.orders
        .find(filter)
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .populate('items.product', PRODUCT_FIELDS)
        .populate('address', addressFields)
        .exec(),
      this.orders.countDocuments(filter),
    ]);
    return { orders, total };
  }

  /**
   * Moves an order along its lifecycle, one change at a time per order (FerretDB v1 lets several
   * conditional updates of one document win), with a compare-and-set on the status as well.
   */
  async changeStatus(orderId: string, to: OrderStatus): Promise<OrderDocument> {
    if (!isValidObjectId(orderId)) throw new BadRequestException('Invalid order id');
    return this.locks.run(`order:${orderId}`, { busyMessage: 'This order is being updated, please try again' }, async () => {
      const order = await this.orders.findById(orderId).exec();
      if (!order) throw new NotFoundException('Order not found');
      if (!canMove(order.status, to)) throw new ConflictException(`An order that is '${order.status}' cannot become '${to}'`);
      const set: Partial<Order> = { status: to };
      if (to === 'Delivered' && order.paymentType === 'COD') set.isPaid = true; // cash collected on delivery
      const updated = await this.orders
        .findOneAndUpdate({ _id: order._id, status: order.status }, { $set: set, $push: { statusHistory: { status: to, at: new Date() } } }, { new: true })
        .populate('items.product', PRODUCT_FIELDS)
        .populate('address', SELLER_ADDRESS_FIELDS)
        .exec();
      if (!updated) throw new ConflictException('The order changed meanwhile; reload and try again');
      return updated;
    });
  }

  /** Which of these product image URLs past orders still show (see common/image-references.ts). */
  async referencedImages(urls: readonly string[]): Promise<Set<string>> {
    const orders = await this.orders.find({ 'items.image': { $in: urls } }).select('items').lean();
    const wanted = new Set(urls);
    return new Set(orders.flatMap((order) => order.items.map((item) => item.image)).filter((url) => wanted.has(url)));
  }

  private findByKey(userId: string, idempotencyKey: string) {
    return this.orders.findOne({ user: new Types.ObjectId(userId), idempotencyKey }).exec();
  }

  private async replay(order: OrderDocument, requestHash: string): Promise<PlacedOrder> {
    if (order.requestHash !== requestHash) throw new ConflictException('This checkout attempt was already used for a different order');
    return { order: await this.populateForShopper(order), created: false };
  }

  private populateForShopper(order: OrderDocument) {
    return order.populate([{ path: 'items.product', select: PRODUCT_FIELDS }, { path: 'address', select: ADDRESS_FIELDS }]);
  }
}

/** Same product twice in one request counts as one line with the quantities added. */
function mergeLines(items: OrderLineDto[]): OrderLineDto[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.product, (merged.get(item.product) ?? 0) + item.quantity);
  return [...merged].map(([product, quantity]) => {
    if (quantity > 99) throw new BadRequestException('Quantity cannot exceed 99');
    return { product, quantity };
  });
}

function fingerprint(address: string, lines: OrderLineDto[], paymentType: string): string {
  const canonical = JSON.stringify([address, paymentType, [...lines].sort((a, b) => a.product.localeCompare(b.product))]);
  return createHash('sha256').update(canonical).digest('hex');
}
