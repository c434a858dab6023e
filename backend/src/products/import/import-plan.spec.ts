import { readCsvTable, CsvFileProblem } from './csv-table';
import { rowInputsOf } from './import-cells';
import { planImport } from './import-plan';
import { keptPicturesOf, storedPicturesToCheck, type PictureLookup } from './import-pictures-plan';
import { targetsOf, type ExistingProduct } from './import-targets';

const HEADER = 'sku,barcode,name,category,description,pack_size,size_amount,size_unit,price,offer_price,stock,in_stock,images,product_id,variant_id';
const noPictures: PictureLookup = { problem: () => 'No pictures zip was sent', hash: () => undefined, storedHash: () => undefined };

const ATTA: ExistingProduct = {
  _id: 'a'.repeat(24),
  name: 'Aashirvaad Atta',
  category: 'Grains',
  description: ['Whole wheat'],
  image: ['/api/images/' + 'f'.repeat(24)],
  sizes: [
    { _id: 'b'.repeat(24), label: '1 kg', price: 68, offerPrice: 62, size: { amount: 1, unit: 'kg' }, stock: 20, inStock: true, sku: 'ATTA-1' },
    { _id: 'c'.repeat(24), label: '5 kg', price: 310, offerPrice: 285, size: { amount: 5, unit: 'kg' }, stock: null, inStock: true },
  ],
};

function check(csv: string, existing: ExistingProduct[] = [ATTA], pictures = noPictures) {
  const { table, errors } = readCsvTable(Buffer.from(csv));
  if (!table) return { errors, create: 0, update: 0, unchanged: 0, products: [] };
  const cells = rowInputsOf(table);
  const found = targetsOf(cells.rows, existing);
  const plan = planImport(found.targets, existing, pictures);
  return { ...plan, errors: [...errors, ...cells.errors, ...found.errors, ...plan.errors].sort((a, b) => a.row - b.row) };
}

const exported = [
  HEADER,
  `ATTA-1,,Aashirvaad Atta,Grains,Whole wheat,1 kg,1,kg,68.00,62.00,20,yes,/api/images/${'f'.repeat(24)},${'a'.repeat(24)},${'b'.repeat(24)}`,
  `,,Aashirvaad Atta,Grains,Whole wheat,5 kg,5,kg,310.00,285.00,,yes,/api/images/${'f'.repeat(24)},${'a'.repeat(24)},${'c'.repeat(24)}`,
].join('\r\n');

describe('planning an import', () => {
  it('the export read back changes nothing', () => {
    expect(check(exported)).toMatchObject({ create: 0, update: 0, unchanged: 2, errors: [], products: [] });
  });

  it('reads ";" files with a BOM, headers in any order and case, and finds sizes by SKU or name and label', () => {
    const csv =
      '\uFEFFName;CATEGORY;Pack Size;Price;Offer Price;SKU\nAashirvaad Atta;Grains;5 kg;320;299;\naashirvaad  atta;;2 kg;70;65;ATTA-1\nTata Salt;Grains;1 kg;28;27;SALT-1\n';
    const plan = check(csv);
    expect(plan.errors).toEqual([]);
    expect(plan).toMatchObject({ create: 1, update: 2, unchanged: 0 });
    const atta = plan.products.find((p) => !p.create)!;
    // The 1 kg size found by its SKU is relabelled, its size read from the new label; the 5 kg one found by its label.
    expect(atta.sizes).toEqual([
      { ...ATTA.sizes[0], label: '2 kg', price: 70, offerPrice: 65, size: { amount: 2, unit: 'kg' } },
      { ...ATTA.sizes[1], price: 320, offerPrice: 299 },
    ]);
    const salt = plan.products.find((p) => p.create)!;
    expect(salt).toMatchObject({
      name: 'Tata Salt',
      sizes: [{ label: '1 kg', price: 28, offerPrice: 27, sku: 'SALT-1', size: { amount: 1, unit: 'kg' }, stock: null }],
    });
  });

  it('names every wrong row with its line and column', () => {
    const csv = [
      HEADER,
      ',,Tata Salt,Grains,,1 kg,,,abc,20,,,,,',
      `ATTA-1,,Aashirvaad Atta,Grains,,5 kg,,,310,285,,,,,${'c'.repeat(24)}`,
      ',,Maggi,Noodles,,Pack of 4,,,56,50,,,,,',
      ',4006381333932,Maggi 2,Instant,,1,,,56,60,,,,,',
    ].join('\n');
    expect(check(csv).errors).toEqual([
      { row: 2, column: 'price', message: expect.stringContaining('price must be an amount in rupees') },
      { row: 3, column: 'sku', message: 'The SKU ATTA-1 is already used by "Aashirvaad Atta 1 kg"' },
      { row: 4, column: 'category', message: expect.stringContaining('"Noodles" is not a category') },
      { row: 5, column: 'barcode', message: expect.stringContaining('should be 1') },
    ]);
  });

  it('says when two rows give one SKU, or one product twice the same size', () => {
    const csv = [HEADER, 'X-1,,Tata Salt,Grains,,1 kg,,,28,27,,,,,', 'x-1,,Tata Tea,Drinks,,1 kg,,,28,27,,,,,', ',,Tata Tea,Drinks,,1 KG,,,28,27,,,,,'].join(
      '\n',
    );
    expect(check(csv).errors).toEqual([
      { row: 3, column: 'sku', message: 'The SKU x-1 is also on line 2: each SKU must be different' },
      { row: 4, column: 'pack_size', message: '"Tata Tea" already has a pack size labelled "1 kg" (line 3)' },
    ]);
  });

  it('refuses a file that is not UTF-8, a header it does not know and broken quoting', () => {
    expect(() => readCsvTable(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9]))).toThrow(CsvFileProblem);
    expect(readCsvTable(Buffer.from('name,colour\nx,y')).errors).toEqual([{ row: 1, column: 'colour', message: expect.stringContaining('is not a column') }]);
    expect(readCsvTable(Buffer.from('name,price\n"x,1\ny,2')).errors[0]).toMatchObject({
      row: 3,
      column: '',
      message: expect.stringContaining('not valid CSV'),
    });
  });

  it('counts the line a row starts on, quoted line breaks and blank lines included', () => {
    const csv = `${HEADER}\r\n\r\n,,"Tata\r\nSalt",Grains,"Iodised\r\nFree flowing",1 kg,,,28,30,,,,,\r\n`;
    expect(check(csv, []).errors).toEqual([{ row: 3, column: 'offer_price', message: 'offer_price (30) must not be higher than price (28)' }]);
  });
});

describe('cells as the product forms take text', () => {
  it('refuses control characters and text-direction overrides, naming the line and column; normalises to NFC', () => {
    const csv = [
      'name,category,pack_size,price,offer_price,description',
      '"Tata\u202eSalt",Grains,1 kg,28,27,',
      'Tata Tea,Drinks,"1\u0007kg",28,27,',
      'Tata Sampann,Grains,1 kg,28,27,"Rich\u2066 in protein"',
      'Cafe\u0301 Coffee,Drinks,200 g,180,170,"Line one\nLine two\tand a tab"',
    ].join('\n');
    const plan = check(csv, []);
    expect(plan.errors).toEqual([
      { row: 2, column: 'name', message: 'name contains control or text-direction characters that are not allowed' },
      { row: 3, column: 'pack_size', message: 'pack_size contains control or text-direction characters that are not allowed' },
      { row: 4, column: 'description', message: 'description contains control or text-direction characters that are not allowed' },
    ]);
    // Line breaks and tabs are text, as in the forms; "e" and a combining accent become "é".
    expect(plan.products.map((p) => [p.name, p.description])).toEqual([['Caf\u00e9 Coffee', ['Line one', 'Line two\tand a tab']]]);
  });

  it('reads a name that shows nothing (zero-width spaces only) as empty', () => {
    expect(check('name,category,pack_size,price,offer_price\n\u200b\u200b,Grains,1 kg,28,27\n', []).errors).toEqual([
      { row: 2, column: 'name', message: expect.stringContaining('name is needed') },
    ]);
  });
});

describe('pictures named by URL', () => {
  const picture = ATTA.image[0];
  const withImages = (images: string) => [HEADER, `ATTA-1,,Aashirvaad Atta,Grains,Whole wheat,1 kg,1,kg,68.00,62.00,20,yes,"${images}",,`].join('\n');

  it('refuses an /api/images/ text that is no picture id, and a picture of another product', () => {
    expect(check(withImages('/api/images/not-a-picture')).errors).toEqual([
      {
        row: 2,
        column: 'images',
        message:
          '/api/images/not-a-picture is not the address of a picture: write it as the export does (/api/images/ and its 24-character id), or put the file in the zip and write its name',
      },
    ]);
    expect(check(withImages(`/API/IMAGES/${'e'.repeat(24)}`)).errors).toEqual([
      { row: 2, column: 'images', message: expect.stringContaining('is not a picture of this product') },
    ]);
  });

  it('refuses a picture of the product that is no longer stored, when the import would write it', () => {
    const gone: PictureLookup = { ...noPictures, gone: (url) => url === picture };
    const second = `/api/images/${'d'.repeat(24)}`;
    const atta = { ...ATTA, image: [picture, second] };
    // Kept in a changed list: written, so checked.
    expect(check(withImages(second + ' | ' + picture), [atta], gone).errors).toEqual([
      { row: 2, column: 'images', message: `${picture} is no longer stored: put the picture in the zip and write its file name, or leave it out` },
    ]);
    const rows = check(withImages(second + ' | ' + picture), [atta]);
    expect(storedPicturesToCheck(targetsOf(rowInputsOf(readCsvTable(Buffer.from(withImages(second + ' | ' + picture))).table!).rows, [atta]).targets)).toEqual([
      second,
      picture,
    ]);
    expect(keptPicturesOf(rows.products)).toEqual([
      { url: second, line: 2 },
      { url: picture, line: 2 },
    ]);
    // The pictures as they are: nothing to write, nothing to check, and the plan leaves them out.
    const same = withImages(`${picture} | ${second}`);
    expect(storedPicturesToCheck(targetsOf(rowInputsOf(readCsvTable(Buffer.from(same)).table!).rows, [atta]).targets)).toEqual([]);
    expect(check(same.replace('68.00', '70.00'), [atta]).products).toMatchObject([{ _id: ATTA._id, sizes: [{ price: 70 }] }]);
    expect(check(same.replace('68.00', '70.00'), [atta]).products[0].images).toBeUndefined();
  });
});
