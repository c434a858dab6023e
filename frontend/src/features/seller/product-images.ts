import { MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '@greencart/domain';

/** The picture formats the server takes. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'] as const;

/** Why a picked file cannot be uploaded, or null when it can. */
export function checkImageFile(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a JPEG, PNG, WebP, AVIF or GIF image`;
  if (file.size >= MAX_IMAGE_BYTES) return `${file.name} is larger than ${MAX_IMAGE_MB} MB`;
  return null;
}

/** Which picture format these first bytes of a file start, or null when none of the accepted ones. */
export function imageFormatOf(head: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | null {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head[0] === 0x89 && text(1, 8) === 'PNG\r\n\x1a\n') return 'png';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'webp';
  if (text(4, 8) === 'ftyp' && ['avif', 'avis'].includes(text(8, 12))) return 'avif';
  return null;
}

/** Why a picked file is not a picture after all (its first bytes, whatever its name says), or null when it is one. */
export async function checkImageContent(file: Blob & { name: string }): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return imageFormatOf(head) ? null : `${file.name} is not a picture: its content is not JPEG, PNG, WebP, AVIF or GIF`;
}

/** One picture of a product being edited: one it already has (kept by URL) or a new upload. */
export type ImageSlot = { kind: 'existing'; url: string } | { kind: 'new'; file: File; id: string };

/** The `images` JSON of PATCH /api/products/:id and the files it refers to ("new:N" is the N-th file, from 0). */
export function planImageSlots(slots: readonly ImageSlot[]): { images: string[]; files: File[] } {
  const images: string[] = [];
  const files: File[] = [];
  for (const slot of slots) {
    if (slot.kind === 'existing') {
      images.push(slot.url);
    } else {
      images.push(`new:${files.length}`);
      files.push(slot.file);
    }
  }
  return { images, files };
}

/** The slots with the one at `index` moved one place left (-1) or right (+1). */
export function moveSlot<T>(slots: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= slots.length || target < 0 || target >= slots.length) return [...slots];
  const next = [...slots];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
