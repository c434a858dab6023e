import * as yauzl from 'yauzl';
import { MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '@greencart/domain';

/** A problem with the zip as a whole (not a zip, too many files): the import is refused with a 400. */
export class ZipFileProblem extends Error {}

/** More files than a shop has pictures for: refused before any is looked at. */
const MAX_ENTRIES = 20_000;
/** Deflate packs real photos a little, never a hundredfold: more than this is a zip bomb. */
const MAX_RATIO = 100;

interface Picture {
  entry: yauzl.Entry;
  name: string;
  problem?: string;
}

/**
 * The pictures zip of an import, read with yauzl from memory. Only the central directory is read up
 * front; a file's bytes are inflated when a row names it, at most 5 MB each (the size it claims is
 * checked before, the bytes it really inflates to while reading, so a zip bomb stops at 5 MB). A file
 * whose path is unsafe (`..`, absolute) or too large is a problem of the rows that name it, never an
 * error of the whole import.
 */
export class PictureZip {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly byPath: Map<string, Picture>,
    private readonly byBaseName: Map<string, Picture[]>,
  ) {}

  static async open(bytes: Buffer): Promise<PictureZip> {
    let zip: yauzl.ZipFile;
    try {
      // decodeStrings off: yauzl would stop at the first unsafe name; each name is checked here instead.
      zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
    } catch (error) {
      throw new ZipFileProblem(`The pictures file is not a zip file (${(error as Error).message})`);
    }
    if (zip.entryCount > MAX_ENTRIES) {
      zip.close();
      throw new ZipFileProblem(`The pictures zip has ${zip.entryCount} files: at most ${MAX_ENTRIES}`);
    }
    const byPath = new Map<string, Picture>();
    const byBaseName = new Map<string, Picture[]>();
    try {
      for await (const entry of zip.eachEntry()) {
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
        if (name.endsWith('/')) continue;
        const picture: Picture = { entry, name, problem: entryProblem(entry, name) };
        byPath.set(pathKey(name), picture);
        const base = baseName(name);
        byBaseName.set(base, [...(byBaseName.get(base) ?? []), picture]);
      }
    } catch (error) {
      zip.close();
      throw new ZipFileProblem(`The pictures zip is damaged (${(error as Error).message})`);
    }
    return new PictureZip(zip, byPath, byBaseName);
  }

  /** What is wrong with the file a row names, or undefined when it can be read (its bytes are checked as a picture later). */
  problem(name: string): string | undefined {
    if (unsafe(name)) return `${name}: a picture's name must be a file in the zip, without ".." or a leading "/"`;
    const picture = this.find(name);
    if (!picture) return `${name} is not in the pictures zip`;
    return picture.problem;
  }

  /** The bytes of the file a row names (problem() said it can be read); rejects when they are not what the zip claims. */
  async read(name: string): Promise<Buffer> {
    const picture = this.find(name);
    if (!picture || picture.problem) throw new Error(this.problem(name));
    const parts: Buffer[] = [];
    let length = 0;
    try {
      const stream = await this.zip.openReadStreamPromise(picture.entry);
      for await (const part of stream) {
        length += (part as Buffer).length;
        if (length > MAX_IMAGE_BYTES) {
          stream.destroy();
          break;
        }
        parts.push(part as Buffer);
      }
    } catch (error) {
      throw new Error(`${name} cannot be read from the zip: it is damaged or larger than the zip says (${(error as Error).message})`);
    }
    if (length > MAX_IMAGE_BYTES) throw new Error(`${name} is larger than ${MAX_IMAGE_MB} MB`);
    return Buffer.concat(parts);
  }

  close(): void {
    this.zip.close();
  }

  /** By its path in the zip (any case), else by its file name when only one file has it ("atta.jpg" for "photos/atta.jpg"). */
  private find(name: string): Picture | undefined {
    const exact = this.byPath.get(pathKey(name));
    if (exact) return exact;
    const same = this.byBaseName.get(baseName(name)) ?? [];
    if (same.length === 1) return same[0];
    return undefined;
  }
}

function entryProblem(entry: yauzl.Entry, name: string): string | undefined {
  if (yauzl.validateFileName(name.replace(/\\/g, '/')) !== null)
    return `${name}: a file of the zip with an unsafe path ("..", or starting with "/") is not read`;
  if (entry.isEncrypted() || !entry.canDecodeFileData()) return `${name} is encrypted or packed in a way the shop cannot read: zip it again without a password`;
  if (entry.uncompressedSize > MAX_IMAGE_BYTES) return `${name} is larger than ${MAX_IMAGE_MB} MB`;
  if (entry.uncompressedSize > MAX_RATIO * Math.max(entry.compressedSize, 1) && entry.uncompressedSize > 64 * 1024)
    return `${name} inflates ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times: it is not a picture`;
  return undefined;
}

/** Whether a name in a row leaves the zip's folder. */
function unsafe(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return path.startsWith('/') || /^[a-z]:\//i.test(path) || path.split('/').includes('..');
}

function pathKey(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\.\//, '').toLowerCase();
}

function baseName(name: string): string {
  return pathKey(name).split('/').pop()!;
}
