import { applyDecorators, BadRequestException } from '@nestjs/common';
import { cleanInput } from '../../common/pipes/safe-input.pipe';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  validateSync,
} from 'class-validator';
import {
  isRupeeAmount,
  MAX_PRICE_RUPEES as MAX_PRICE,
  MAX_PRODUCT_DESCRIPTION_LENGTH as MAX_DESCRIPTION_LENGTH,
  MAX_PRODUCT_NAME_LENGTH as MAX_NAME_LENGTH,
  MAX_PRODUCT_WEIGHT_LENGTH as MAX_WEIGHT_LENGTH,
  MAX_STOCK,
  MAX_SEARCH_WORD_LENGTH,
  MAX_SEARCH_WORDS,
  PRODUCT_CATEGORIES,
  STOCK_COUNT_MESSAGE,
  type ProductCategory,
  HSN_MESSAGE,
  HSN_PATTERN,
  isGstRateForm,
  packSizesProblem,
  type PackSizeInput,
} from '@greencart/domain';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Left out means "not given"; null is refused by the rules that follow. */
const Given = () => ValidateIf((_object, value) => value !== undefined);
const Required = (field: string) => IsDefined({ message: `${field} is required` });

const Name = () =>
  applyDecorators(
    Transform(trimmed),
    IsString({ message: 'name must be text' }),
    IsNotEmpty({ message: 'name is required' }),
    MaxLength(MAX_NAME_LENGTH, { message: `name must be at most ${MAX_NAME_LENGTH} characters` }),
  );

const Description = () =>
  applyDecorators(
    IsString({ message: 'description must be text (one line per point)' }),
    MaxLength(MAX_DESCRIPTION_LENGTH, { message: `description must be at most ${MAX_DESCRIPTION_LENGTH} characters` }),
  );

const Category = () => IsIn(PRODUCT_CATEGORIES as readonly string[] as string[], { message: `category must be one of ${PRODUCT_CATEGORIES.join(', ')}` });

/** A positive amount of rupees with at most 2 decimals (checked on paise, not on the number's text). */
const Rupees = (field: 'price' | 'offerPrice') =>
  ValidateBy({
    name: 'isRupees',
    validator: {
      validate: (value: unknown) => isRupeeAmount(value),
      defaultMessage: () => `${field} must be a positive number of rupees with at most 2 decimals (at most ${MAX_PRICE})`,
    },
  });

const Weight = () =>
  applyDecorators(
    Transform(trimmed),
    IsString({ message: 'weight must be text such as "500 g"' }),
    MaxLength(MAX_WEIGHT_LENGTH, { message: `weight must be at most ${MAX_WEIGHT_LENGTH} characters` }),
  );

/** Counted units: a whole number 0–100000, or null (not counted). */
const StockCount = () =>
  applyDecorators(
    ValidateIf((_object, value) => value !== undefined && value !== null),
    IsInt({ message: STOCK_COUNT_MESSAGE }),
    Min(0, { message: STOCK_COUNT_MESSAGE }),
    Max(MAX_STOCK, { message: STOCK_COUNT_MESSAGE }),
  );

const THRESHOLD_MESSAGE = `lowStockThreshold must be a whole number from 0 to ${MAX_STOCK}`;
const Threshold = () =>
  applyDecorators(Given(), IsInt({ message: THRESHOLD_MESSAGE }), Min(0, { message: THRESHOLD_MESSAGE }), Max(MAX_STOCK, { message: THRESHOLD_MESSAGE }));

/** Each word trimmed; the same word twice (in any case) kept once. */
const distinctWords = ({ value }: { value: unknown }) => {
  if (!Array.isArray(value) || !value.every((word) => typeof word === 'string')) return value;
  const seen = new Set<string>();
  return (value as string[])
    .map((word) => word.trim())
    .filter((word) => {
      const key = word.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
};

/** Other names shoppers type for the product (search, issue 21): a short list of short texts. */
const SearchWords = () =>
  applyDecorators(
    Transform(distinctWords),
    IsArray({ message: 'searchWords must be a list of words' }),
    ArrayMaxSize(MAX_SEARCH_WORDS, { message: `searchWords may have at most ${MAX_SEARCH_WORDS} words` }),
    IsString({ each: true, message: 'searchWords must contain only text' }),
    IsNotEmpty({ each: true, message: 'searchWords must not contain an empty word' }),
    MaxLength(MAX_SEARCH_WORD_LENGTH, { each: true, message: `each of searchWords must be at most ${MAX_SEARCH_WORD_LENGTH} characters` }),
  );

/** The product's HSN code for tax invoices: 4 to 8 digits. */
const GST_RATE_FORM = 'gstRate must be a percent from 0 to 100 with at most two decimals (one of the shop’s GST rates)';
/** Its form only: whether it is one of the shop's rates is the service's check (the shop's list is data). */
const GstRate = () => ValidateBy({ name: 'isGstRate', validator: { validate: (value: unknown) => isGstRateForm(value), defaultMessage: () => GST_RATE_FORM } });
const Hsn = () => applyDecorators(Transform(trimmed), IsString({ message: HSN_MESSAGE }), Matches(HSN_PATTERN, { message: HSN_MESSAGE }));

const PACK_SIZE_FIELDS = new Set(['_id', 'label', 'price', 'offerPrice', 'size', 'stock', 'sku', 'barcode']);

/** Why a `variants` list is not one (issue 37), or undefined. */
export function variantsProblem(value: unknown): string | undefined {
  const problem = packSizesProblem(value);
  if (problem) return problem;
  for (const [i, size] of (value as Record<string, unknown>[]).entries()) {
    const unknown = Object.keys(size).find((key) => !PACK_SIZE_FIELDS.has(key));
    if (unknown) return `Pack size ${i + 1}: unknown field "${unknown.slice(0, 30)}" (send _id, label, price, offerPrice, size, stock, sku, barcode)`;
    if (size._id !== undefined && (typeof size._id !== 'string' || !/^[0-9a-f]{24}$/i.test(size._id)))
      return `Pack size ${i + 1}: _id must be the id of one of the product's pack sizes`;
    const quantity = size.size as Record<string, unknown> | null | undefined;
    if (quantity && Object.keys(quantity).some((key) => key !== 'amount' && key !== 'unit')) return `Pack size ${i + 1}: size has only amount and unit`;
  }
  return undefined;
}

/** The product's pack sizes, 1 to 8 (see variantsProblem): without it, the spec's price fields make the one size. */
const Variants = () =>
  ValidateBy({
    name: 'isPackSizes',
    validator: {
      validate: (value: unknown) => !variantsProblem(value),
      defaultMessage: (args) => variantsProblem(args?.value) ?? 'variants is not a list of pack sizes',
    },
  });

/** With `variants`, the default size's figures come from its first entry: the spec's price fields are not sent beside it. */
const NotWithVariants = (field: string) =>
  ValidateBy({
    name: 'notWithVariants',
    validator: {
      validate: (value: unknown, args) => value === undefined || (args?.object as { variants?: unknown }).variants === undefined,
      defaultMessage: () => `Send ${field} inside variants (the first pack size is the default), not beside it`,
    },
  });

/** `productData` of POST /api/addproduct. */
export class NewProductData {
  @ApiProperty({ maxLength: MAX_NAME_LENGTH, example: 'Desi Tomatoes' })
  @Required('name')
  @Name()
  name: string;

  @ApiPropertyOptional({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'One point of "About Product" per line', example: 'Farm fresh\nRich in vitamin C' })
  @Given()
  @Description()
  description?: string;

  @ApiProperty({ enum: PRODUCT_CATEGORIES })
  @Required('category')
  @Category()
  category: ProductCategory;

  @ApiProperty({ example: 45, description: 'Rupees, at most 2 decimals (without variants)' })
  @NotWithVariants('price')
  @ValidateIf((o: NewProductData) => o.variants === undefined || o.price !== undefined)
  @Required('price')
  @Rupees('price')
  price: number;

  @ApiProperty({ example: 39.5, description: 'Rupees, at most 2 decimals, not above price (without variants)' })
  @NotWithVariants('offerPrice')
  @ValidateIf((o: NewProductData) => o.variants === undefined || o.offerPrice !== undefined)
  @Required('offerPrice')
  @Rupees('offerPrice')
  offerPrice: number;

  @ApiPropertyOptional({ maxLength: MAX_WEIGHT_LENGTH, example: '500 g' })
  @Given()
  @NotWithVariants('weight')
  @Weight()
  weight?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, maximum: MAX_STOCK, description: 'Units on hand; left out or null: not counted' })
  @NotWithVariants('stock')
  @StockCount()
  stock?: number | null;

  @ApiPropertyOptional({ type: 'integer', maximum: MAX_STOCK, description: '"Running low" at this many units (default 5)' })
  @Threshold()
  lowStockThreshold?: number;
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SEARCH_WORDS, description: 'Other names shoppers type (search)', example: ['tamatar', 'tameta'] })
  @Given()
  @SearchWords()
  searchWords?: string[];
  @ApiPropertyOptional({ pattern: '^[0-9]{4,8}$', example: '0702', description: 'HSN code printed on tax invoices' })
  @Given()
  @Hsn()
  hsn?: string;
  @ApiPropertyOptional({ example: 5, description: "GST rate in percent, one of the shop's rates (issue 54); needed to sell it in `gst` mode" })
  @Given()
  @GstRate()
  gstRate?: number;

  @ApiPropertyOptional({
    description:
      'Pack sizes, 1 to 8, the default first: [{ label, price, offerPrice, size?: { amount, unit }, stock?, sku?, barcode? }] (sku unique in the shop)',
  })
  @Given()
  @Variants()
  variants?: PackSizeInput[];
}

/** `productData` of PATCH /api/products/:id: only what changes; `weight: ""` removes the weight. */
export class ProductDataChanges {
  @ApiPropertyOptional({ maxLength: MAX_NAME_LENGTH })
  @Given()
  @Name()
  name?: string;

  @ApiPropertyOptional({ maxLength: MAX_DESCRIPTION_LENGTH, description: 'One point per line; "" removes them all' })
  @Given()
  @Description()
  description?: string;

  @ApiPropertyOptional({ enum: PRODUCT_CATEGORIES })
  @Given()
  @Category()
  category?: ProductCategory;

  @ApiPropertyOptional({ description: 'Rupees, at most 2 decimals' })
  @Given()
  @NotWithVariants('price')
  @Rupees('price')
  price?: number;

  @ApiPropertyOptional({ description: 'Rupees, at most 2 decimals, not above the (new or current) price' })
  @Given()
  @NotWithVariants('offerPrice')
  @Rupees('offerPrice')
  offerPrice?: number;

  @ApiPropertyOptional({ maxLength: MAX_WEIGHT_LENGTH, description: '"" removes the weight' })
  @Given()
  @NotWithVariants('weight')
  @Weight()
  weight?: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, maximum: MAX_STOCK, description: 'Units on hand; null stops counting' })
  @NotWithVariants('stock')
  @StockCount()
  stock?: number | null;

  @ApiPropertyOptional({ type: 'integer', maximum: MAX_STOCK, description: '"Running low" at this many units' })
  @Threshold()
  lowStockThreshold?: number;
  @ApiPropertyOptional({ type: [String], maxItems: MAX_SEARCH_WORDS, description: 'Other names shoppers type (search); [] removes them' })
  @Given()
  @SearchWords()
  searchWords?: string[];
  @ApiPropertyOptional({ pattern: '^[0-9]{4,8}$', description: 'HSN code printed on tax invoices; "" removes it' })
  @ValidateIf((_object, value) => value !== undefined && value !== '')
  @Hsn()
  hsn?: string;
  @ApiPropertyOptional({ nullable: true, example: 5, description: "GST rate in percent, one of the shop's rates; null removes it" })
  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @GstRate()
  gstRate?: number | null;

  @ApiPropertyOptional({
    description: 'The pack sizes as they are to be, the default first: an entry with an _id edits that size, one without adds one, a size left out is removed',
  })
  @Given()
  @Variants()
  variants?: PackSizeInput[];
}

export const INVALID_PRODUCT_DATA = 'productData must be valid JSON';

/**
 * Parses the `productData` text of a multipart product form and validates it like the global
 * ValidationPipe validates JSON bodies (unknown fields refused). Throws 400 with the first problem of each field.
 */
export function parseProductData<T extends object>(text: unknown, type: new () => T): T {
  if (typeof text !== 'string') throw new BadRequestException(INVALID_PRODUCT_DATA);
  let plain: unknown;
  try {
    plain = JSON.parse(text);
  } catch {
    throw new BadRequestException(INVALID_PRODUCT_DATA);
  }
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) throw new BadRequestException('productData must be a JSON object');
  // The text inside the JSON is held to the rule of every request's text (a JSON escape such as \u202e is
  // only a character once parsed): control and text-direction characters refused, NFC, blank when it shows nothing.
  cleanInput(plain);
  const data = plainToInstance(type, plain);
  const errors = validateSync(data, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true, validationError: { target: false } });
  if (errors.length) throw new BadRequestException(errors.flatMap((error) => Object.values(error.constraints ?? {})).join('; '));
  return data;
}
