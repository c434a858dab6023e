import { MAX_PRODUCT_IMAGES, type CatalogueCsvColumn } from '@greencart/domain';
import { imageIdFromUrl } from '../../media/media.service';
import type { RowInput } from './import-cells';
import type { ExistingProduct } from './import-targets';

/** A picture of a product after the import: one it has (its URL), or a file of the zip to store. */
export type PlannedPicture = { url: string } | { zip: string; line: number };

/** What the planner knows of the pictures: the zip's files (checked already) and the stored pictures' sources. */
export interface PictureLookup {
  /** Why the zip's `name` cannot be a picture (no zip sent, not in it, an unsafe path, not an image), or undefined. */
  problem(name: string): string | undefined;
  /** The SHA-256 of the zip's file `name`. */
  hash(name: string): string | undefined;
  /** The SHA-256 of the file a stored picture was made from, when known. */
  storedHash(url: string): string | undefined;
}

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
    const id = imageIdFromUrl(name);
    if (id && name.includes('/api/images/')) {
      const own = current?.image.find((url) => imageIdFromUrl(url) === id);
      if (own) pictures.push({ url: own });
      else fail(row, 'images', `${name} is not a picture of this product: put new pictures in the zip and write their file names`);
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(name)) {
      fail(row, 'images', `Pictures are not fetched from the internet (${name.slice(0, 60)}): put the file in the zip and write its name`);
      continue;
    }
    const problem = lookup.problem(name);
    if (problem) {
      fail(row, 'images', problem);
      continue;
    }
    const hash = lookup.hash(name);
    const same = current?.image.find((url) => hash !== undefined && lookup.storedHash(url) === hash);
    pictures.push(same ? { url: same } : { zip: name, line: row.line });
  }
  if (pictures.length > MAX_PRODUCT_IMAGES) fail(row, 'images', `A product has at most ${MAX_PRODUCT_IMAGES} pictures`);
  return pictures;
}
