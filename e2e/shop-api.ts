import { expect, request, type APIRequestContext } from '@playwright/test';
import { SELLER } from './playwright.config';

/** A catalogue product as the browser specs use it. */
export interface Product {
  _id: string;
  name: string;
  category: string;
}

/** An API context signed in as the seller. */
export async function sellerApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL });
  expect((await api.post('/api/sellerlogin', { data: SELLER })).ok()).toBe(true);
  return api;
}

/** The products a shopper can order, of one size (`{ id, stock }` counts them), in catalogue order. */
export async function oneSizeProducts(api: APIRequestContext): Promise<Product[]> {
  const list = (await (await api.get('/api/productList')).json()).productsdata as (Product & { inStock: boolean; variants: unknown[] })[];
  return list.filter((product) => product.inStock && product.variants.length === 1);
}
