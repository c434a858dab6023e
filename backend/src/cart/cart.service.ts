import { BadRequestException, Injectable, UnauthorizedException } from '@nestjs/common';
import { ProductsService } from '../products/products.service';
import type { CartItems } from '../users/schemas/user.schema';
import { UsersService } from '../users/users.service';
import { MAX_CART_LINES, MAX_LINE_QUANTITY, withoutZeros } from './cart-items';

@Injectable()
export class CartService {
  constructor(
    private readonly users: UsersService,
    private readonly products: ProductsService,
  ) {}

  /**
   * Replaces the saved cart (0 quantities remove a line). Every product must exist, except lines
   * already saved whose product has since left the catalogue: those are dropped, so one deleted
   * product cannot make the cart unsavable. Nothing is written when the request is refused.
   */
  async replace(userId: string, items: CartItems): Promise<CartItems> {
    const wanted = withoutZeros(items);
    const existing = await this.existingIds(Object.keys(wanted));
    const saved = await this.users.changeCart(userId, (current) => {
      const next: CartItems = {};
      for (const [id, quantity] of Object.entries(wanted)) {
        if (existing.has(id)) next[id] = quantity;
        else if (!(id in current)) throw new BadRequestException(`Unknown product ${id}`);
      }
      return next;
    });
    if (!saved) throw new UnauthorizedException('Please log in to continue');
    return saved;
  }

  /**
   * Adds a guest cart into the saved one: quantities add up (capped at 99 a line), products no
   * longer in the catalogue are dropped silently (a guest cart may be days old, and refusing would
   * lose the rest of it), and new lines stop at 100 products.
   */
  async merge(userId: string, guest: CartItems): Promise<CartItems> {
    const additions = withoutZeros(guest);
    const existing = await this.existingIds(Object.keys(additions));
    const saved = await this.users.changeCart(userId, (current) => {
      const merged: CartItems = { ...current };
      for (const [id, quantity] of Object.entries(additions)) {
        if (!existing.has(id)) continue;
        if (!(id in merged) && Object.keys(merged).length >= MAX_CART_LINES) continue;
        merged[id] = Math.min(MAX_LINE_QUANTITY, (merged[id] ?? 0) + quantity);
      }
      return merged;
    });
    if (!saved) throw new UnauthorizedException('Please log in to continue');
    return saved;
  }

  private async existingIds(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const found = await this.products.findByIds(ids);
    return new Set(found.map((product) => String(product._id)));
  }
}
