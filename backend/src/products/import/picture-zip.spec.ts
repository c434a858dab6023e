import { zipOf } from '../../../test/support/zip-file';
import { PictureZip, ZipFileProblem } from './picture-zip';

describe('the pictures zip of an import', () => {
  const picture = Buffer.from('pretend these are the bytes of a photo');

  it('finds a file by its path or, when only one has it, by its file name; reads its bytes', async () => {
    const zip = await PictureZip.open(
      zipOf([
        { name: 'photos/Atta.JPG', data: picture },
        { name: 'a/salt.png', data: picture },
        { name: 'b/salt.png', data: picture },
      ]),
    );
    try {
      expect(zip.problem('photos/atta.jpg')).toBeUndefined();
      expect(zip.problem('atta.jpg')).toBeUndefined();
      expect(await zip.read('Atta.jpg')).toEqual(picture);
      // Two files of that name: the path is needed.
      expect(zip.problem('salt.png')).toBe('salt.png is not in the pictures zip');
      expect(zip.problem('b/salt.png')).toBeUndefined();
    } finally {
      zip.close();
    }
  });

  it('names unsafe paths, files over 5 MB and zip bombs as problems of the rows naming them, never failing the zip', async () => {
    const zip = await PictureZip.open(
      zipOf([
        { name: '../evil.png', data: picture },
        { name: '/etc/passwd.png', data: picture },
        { name: 'bomb.png', data: Buffer.alloc(6 * 1024 * 1024) },
        { name: 'small-bomb.png', data: Buffer.alloc(1024 * 1024) },
        { name: 'fine.png', data: picture },
      ]),
    );
    try {
      expect(zip.problem('../evil.png')).toContain('without ".." or a leading "/"');
      expect(zip.problem('evil.png')).toContain('unsafe path');
      expect(zip.problem('passwd.png')).toContain('unsafe path');
      expect(zip.problem('bomb.png')).toBe('bomb.png is larger than 5 MB');
      expect(zip.problem('small-bomb.png')).toMatch(/^small-bomb\.png inflates \d+ times: it is not a picture$/);
      expect(zip.problem('fine.png')).toBeUndefined();
    } finally {
      zip.close();
    }
  });

  it('stops reading a file that inflates to more than it claims', async () => {
    const zip = await PictureZip.open(zipOf([{ name: 'liar.png', data: Buffer.alloc(8 * 1024 * 1024), claimed: 2_000 }]));
    try {
      expect(zip.problem('liar.png')).toBeUndefined();
      await expect(zip.read('liar.png')).rejects.toThrow(/^liar\.png cannot be read from the zip: it is damaged or larger than the zip says/);
    } finally {
      zip.close();
    }
  });

  it('refuses a file that is not a zip', async () => {
    await expect(PictureZip.open(Buffer.from('name,price\nsalt,20\n'))).rejects.toBeInstanceOf(ZipFileProblem);
  });
});
