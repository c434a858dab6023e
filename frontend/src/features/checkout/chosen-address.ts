/** The delivery address a shopper chose at checkout, kept in this browser per account (read back only if still saved). */
const key = (userId: string) => `greencart:checkout-address:${userId}`;

export function rememberedAddressId(userId: string | undefined): string | null {
  if (!userId) return null;
  try {
    return localStorage.getItem(key(userId));
  } catch {
    return null;
  }
}

export function rememberAddressId(userId: string, addressId: string): void {
  try {
    localStorage.setItem(key(userId), addressId);
  } catch {
    // Storage refused (private mode): chosen for this page's life only.
  }
}

/**
 * Which saved address the order goes to: the one picked now, else the one just saved, else the one
 * chosen on an earlier visit, else the default (listed first). An id no longer in the list is passed over.
 */
export function chooseAddress<A extends { _id: string; isDefault?: boolean }>(list: readonly A[], ...preferred: (string | null | undefined)[]): A | null {
  for (const id of preferred) {
    const found = id ? list.find((address) => address._id === id) : undefined;
    if (found) return found;
  }
  return list.find((address) => address.isDefault) ?? list[0] ?? null;
}
