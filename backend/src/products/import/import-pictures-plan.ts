import { MAX_PRODUCT_IMAGES, type CatalogueCsvColumn } from '@greencart/domain';
import { imageIdFromUrl } from '../../media/media.service';
import type { RowInput } from './import-cells';
import type { ExistingProduct, RowTarget } from './import-targets';

/** A picture of a product after the import: one it has (its URL; `line`, the row naming it), or a file of the zip to store. */
export type PlannedPicture = { url: string; line?: number } | { zip: string; line: number };

/** What the planner knows of the pictures: the zip's files (checked already) and the stored pictures' sources. */
export interface PictureLookup {
  /** Why the zip's `name` cannot be a picture (no zip sent, not in it, an unsafe path, not an image), or undefined. */
  problem(name: string): string | undefined;
  /** The SHA-256 of the zip's file `name`. */
  hash(name: string): string | undefined;
  /** The SHA-256 of the file a stored picture was made from, when known. */
  storedHash(url: string): string | undefined;
  /** True when a picture of the product that a row names by URL is no longer stored (asked of those storedPicturesToCheck gave). */
  gone?(url: string): boolean;
}

/** A cell naming a stored picture rather than a file of the zip: the shop's image address, absolute or not, in any case. */
const STORED_PICTURE = /\/api\/images\//i;
const INTERNET = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Whether `name` of an `images` cell is a file of the zip (not a stored picture's URL, nor another URL). */
export const isZipName = (name: string) => !STORED_PICTURE.test(name) && !INTERNET.test(name);

/**
 * A product's `images` cell as pictures: URLs of its own pictures are kept; a file of the zip that is
 * one of its pictures already (the same bytes) is that picture, so importing a file twice stores
 * nothing twice; other files are stored. Undefined when the rows leave the pictures as they are.
 */
export function resolvePictures(
  images: { names: string[]; row: RowInput } | undefined,
  current: ExistingProduct | undefined,
  lookup: PictureLookup,
  fail: (row: RowInput, column: CatalogueCsvColumn, message: string) => void,
): PlannedPicture[] | undefined {
  if (!images) return undefined;
  const { names, row } = images;
  const pictures: PlannedPicture[] = [];
  for (const name of names) {
    if (STORED_PICTURE.test(name)) {
      const own = ownPicture(name, current);
      if (!imageIdFromUrl(name))
        fail(
          row,
          'images',
          `${name.slice(0, 80)} is not the address of a picture: write it as the export does (/api/images/ and its 24-character id), or put the file in the zip and write its name`,
        );
      else if (!own) fail(row, 'images', `${name} is not a picture of this product: put new pictures in the zip and write their file names`);
      else if (lookup.gone?.(own)) fail(row, 'images', `${name} is no longer stored: put the picture in the zip and write its file name, or leave it out`);
      else pictures.push({ url: own, line: row.line });
      continue;
    }
    if (INTERNET.test(name)) {
      fail(row, 'images', `Pictures are not fetched from the internet (${name.slice(0, 60)}): put the file in the zip and write its name`);
      continue;
    }
    const problem = lookup.problem(name);
    const hash = lookup.hash(name);
    if (problem || hash === undefined) {
      fail(row, 'images', problem ?? `${name} is not in the pictures zip`);
      continue;
    }
    const same = current?.image.find((url) => lookup.storedHash(url) === hash);
    pictures.push(same ? { url: same, line: row.line } : { zip: name, line: row.line });
  }
  if (pictures.length > MAX_PRODUCT_IMAGES) fail(row, 'images', `A product has at most ${MAX_PRODUCT_IMAGES} pictures`);
  return pictures;
}

/**
 * The product's own pictures that rows name by URL in a list other than the product's pictures as they
 * are: the import would write them, so they must still be stored (a list that stays as it is writes none).
 */
export function storedPicturesToCheck(targets: readonly RowTarget[]): string[] {
  const urls = new Set<string>();
  for (const { row, product } of targets) {
    if (!product || !row.images || row.images.join('|') === product.image.join('|')) continue;
    for (const name of row.images) {
      const own = STORED_PICTURE.test(name) ? ownPicture(name, product) : undefined;
      if (own) urls.add(own);
    }
  }
  return [...urls];
}

/** The stored pictures the plan puts on products (only those whose pictures change have any), with the line naming each. */
export function keptPicturesOf(products: readonly { images?: readonly PlannedPicture[] }[]): { url: string; line?: number }[] {
  return products.flatMap((product) => (product.images ?? []).flatMap((picture) => ('url' in picture ? [{ url: picture.url, line: picture.line }] : [])));
}

function ownPicture(name: string, current: ExistingProduct | undefined): string | undefined {
  const id = imageIdFromUrl(name);
  return id ? current?.image.find((url) => imageIdFromUrl(url) === id) : undefined;
}
