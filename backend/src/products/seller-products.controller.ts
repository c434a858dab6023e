import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@greencart/domain';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ActivityLog } from '../sessions/activity/activity-log';
import { CurrentSeller } from '../sessions/current-seller.decorator';
import { SellerOnly } from '../sessions/seller-only.decorator';
import type { SellerSession } from '../sessions/session.service';
import { ProductsService } from './products.service';
import { NewProductData, parseProductData, ProductDataChanges } from './dto/product-data.dto';
import { ProductIdParams } from './dto/product-id.params';
import { AddProductForm, ChangeStockDto, UpdateProductForm } from './dto/seller-product-forms.dto';
import type { UploadedFile } from '../common/http/multipart-upload';
import { IMAGE_FIELD, ProductImagesInterceptor } from './product-images.interceptor';
import { SellerProductsService } from './seller-products.service';
import type { ProductView } from './view';

const imagesSchema = {
  type: 'array',
  items: { type: 'string', format: 'binary' },
  maxItems: MAX_PRODUCT_IMAGES,
  description: `JPEG, PNG, WebP, AVIF or GIF, each under ${MAX_IMAGE_MB} MB; repeat the field for each file`,
};

/** The seller's catalogue management: add, edit, delete and stock. */
@ApiTags('products')
@ApiExtraModels(NewProductData, ProductDataChanges)
@Controller()
export class SellerProductsController {
  constructor(
    private readonly products: SellerProductsService,
    private readonly catalogue: ProductsService,
    private readonly activity: ActivityLog,
  ) {}

  @Post('addproduct')
  @SellerOnly('products')
  @UseInterceptors(ProductImagesInterceptor)
  @ApiOperation({ summary: `Add a product with 1 to ${MAX_PRODUCT_IMAGES} images` })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['productData', IMAGE_FIELD],
      properties: {
        productData: { type: 'string', description: `JSON text of ${getSchemaPath(NewProductData)}; description is one point per line` },
        [IMAGE_FIELD]: imagesSchema,
      },
    },
  })
  async add(@CurrentSeller() seller: SellerSession, @Body() form: AddProductForm, @UploadedFiles() files: UploadedFile[] = []) {
    const product = await this.products.add(parseProductData(form.productData, NewProductData), files);
    await this.activity.record(seller, 'product.created', subjectOf(product), undefined, loggedFields(product));
    return { success: true, message: 'Product added', product };
  }

  @Post('changeStock')
  @SellerOnly('stock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a product in or out of stock, and/or set its counted units and "running low" threshold (also at /api/changeStock/)' })
  async changeStock(@CurrentSeller() seller: SellerSession, @Body() dto: ChangeStockDto) {
    const before = await this.catalogue.findById(dto.id).catch(() => undefined);
    const product = await this.products.changeStock(dto.id, dto);
    await this.activity.record(seller, 'stock.changed', subjectOf(product), before && loggedFields(before), loggedFields(product));
    return { success: true, message: 'Stock updated', product };
  }

  @Get('seller/stock')
  @SellerOnly('stock')
  @ApiOperation({ summary: "Every product's stock as the seller sees it: units on hand, held by open checkouts, available, running low" })
  async stock() {
    return { success: true, stock: await this.products.sellerStock() };
  }

  @Patch('products/:id')
  @SellerOnly('products')
  @UseInterceptors(ProductImagesInterceptor)
  @ApiOperation({ summary: 'Edit a product: changed fields, and optionally the final ordered list of its images' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        productData: { type: 'string', description: `JSON text of ${getSchemaPath(ProductDataChanges)} (only what changes)` },
        images: { type: 'string', description: 'JSON list of 1 to 4 entries: URLs the product keeps and "new:N" for the N-th file (from 0)' },
        [IMAGE_FIELD]: imagesSchema,
      },
    },
  })
  async update(
    @CurrentSeller() seller: SellerSession,
    @Param() { id }: ProductIdParams,
    @Body() form: UpdateProductForm,
    @UploadedFiles() files: UploadedFile[] = [],
  ) {
    const changes = form.productData === undefined ? new ProductDataChanges() : parseProductData(form.productData, ProductDataChanges);
    const before = await this.catalogue.findById(id).catch(() => undefined);
    const product = await this.products.update(id, changes, form.images, files);
    await this.activity.record(seller, 'product.edited', subjectOf(product), before && loggedFields(before), loggedFields(product));
    return { success: true, message: 'Product updated', product };
  }

  @Delete('products/:id')
  @SellerOnly('products')
  @ApiOperation({ summary: 'Delete a product and its images (orders keep their own record of it)' })
  async remove(@CurrentSeller() seller: SellerSession, @Param() { id }: ProductIdParams) {
    const before = await this.catalogue.findById(id).catch(() => undefined);
    await this.products.remove(id);
    await this.activity.record(seller, 'product.deleted', { name: before?.name ?? id, id }, before && loggedFields(before), undefined);
    return { success: true, message: 'Product deleted' };
  }
}

const subjectOf = (product: ProductView) => ({ name: product.name, id: String(product._id) });

/** What the activity log keeps of a product: the fields people change, not images or search data. */
function loggedFields(product: ProductView): Record<string, unknown> {
  const { name, category, price, offerPrice, inStock, description } = product as unknown as Record<string, unknown>;
  const p = product as unknown as Record<string, unknown>;
  return {
    name,
    category,
    price,
    offerPrice,
    inStock,
    description,
    stock: p.stock ?? null,
    lowStockThreshold: p.lowStockThreshold ?? null,
    variants: p.variants ?? null,
  };
}
