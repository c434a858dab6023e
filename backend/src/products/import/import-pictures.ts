import { sourceHashOf, type MediaService } from '../../media/media.service';
import { NOT_AN_IMAGE } from '../seller-products.service';
import type { RowInput } from './import-cells';
import type { PlannedProduct } from './import-plan';
import { isZipName, type PictureLookup } from './import-pictures-plan';
import type { PictureZip } from './picture-zip';

/** The names rows give in `images` that are files of the zip (not URLs). */
export function zipNamesOf(rows: readonly RowInput[]): Set<string> {
  const names = new Set<string>();
  for (const row of rows) for (const name of row.images ?? []) if (isZipName(name)) names.add(name);
  return names;
}

/**
 * Checks every file of the zip the rows name as uploads are checked (decoded and re-encoded by
 * MediaService; nothing stored), and answers the planner's questions about them. `storedHashes`: the
 * source hashes of the pictures the products have now.
 */
export async function checkZipPictures(
  media: MediaService,
  zip: PictureZip | undefined,
  names: ReadonlySet<string>,
  storedHashes: ReadonlyMap<string, string>,
): Promise<PictureLookup> {
  const problems = new Map<string, string>();
  const hashes = new Map<string, string>();
  const checked = new Map<string, string | undefined>();
  for (const name of names) {
    const problem = zip ? zip.problem(name) : `${name}: send the pictures zip with the file (field "images")`;
    if (problem) {
      problems.set(name, problem);
      continue;
    }
    try {
      const bytes = await zip!.read(name);
      const hash = sourceHashOf(bytes);
      hashes.set(name, hash);
      // The same file under two names is checked once.
      if (!checked.has(hash))
        checked.set(
          hash,
          await media.prepareImage(bytes).then(
            () => undefined,
            () => NOT_AN_IMAGE,
          ),
        );
      const bad = checked.get(hash);
      if (bad) problems.set(name, `${name}: ${bad}`);
    } catch (error) {
      problems.set(name, (error as Error).message);
    }
  }
  return { problem: (name) => problems.get(name), hash: (name) => hashes.get(name), storedHash: (url) => storedHashes.get(url) };
}

/**
 * Stores the zip's pictures the plan adds (each as an upload is: re-encoded, with its thumbnail) and
 * puts their URLs in the plan. `stored` hears of each URL at once, so that an import that never applies
 * can remove them.
 */
export async function storeZipPictures(
  media: MediaService,
  zip: PictureZip,
  products: PlannedProduct[],
  stored: (url: string) => Promise<void>,
): Promise<void> {
  for (const product of products) {
    if (!product.images?.some((picture) => 'zip' in picture)) continue;
    const images = [];
    for (const picture of product.images) {
      if (!('zip' in picture)) {
        images.push(picture);
        continue;
      }
      const url = await media.storePrepared(await media.prepareImage(await zip.read(picture.zip)));
      await stored(url);
      images.push({ url });
    }
    product.images = images;
  }
}
