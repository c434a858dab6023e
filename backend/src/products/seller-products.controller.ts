import { MAX_IMAGE_MB, MAX_PRODUCT_IMAGES } from '@greencart/domain';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { SellerOnly } from '../sessions/seller-only.decorator';
import { NewProductData, parseProductData, ProductDataChanges } from './dto/product-data.dto';
import { ProductIdParams } from './dto/product-id.params';
import { AddProductForm, ChangeStockDto, UpdateProductForm } from './dto/seller-product-forms.dto';
import { IMAGE_FIELD, ProductImagesInterceptor, type UploadedImage } from './product-images.interceptor';
import { SellerProductsService } from './seller-products.service';

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
  constructor(private readonly products: SellerProductsService) {}

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
  async add(@Body() form: AddProductForm, @UploadedFiles() files: UploadedImage[] = []) {
    const product = await this.products.add(parseProductData(form.productData, NewProductData), files);
    return { success: true, message: 'Product added', product };
  }

  @Post('changeStock')
  @SellerOnly('stock')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a product in or out of stock, and/or set its counted units and "running low" threshold (also at /api/changeStock/)' })
  async changeStock(@Body() dto: ChangeStockDto) {
    const product = await this.products.changeStock(dto.id, dto);
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
  async update(@Param() { id }: ProductIdParams, @Body() form: UpdateProductForm, @UploadedFiles() files: UploadedImage[] = []) {
    const changes = form.productData === undefined ? new ProductDataChanges() : parseProductData(form.productData, ProductDataChanges);
    const product = await this.products.update(id, changes, form.images, files);
    return { success: true, message: 'Product updated', product };
  }

  @Delete('products/:id')
  @SellerOnly('products')
  @ApiOperation({ summary: 'Delete a product and its images (orders keep their own record of it)' })
  async remove(@Param() { id }: ProductIdParams) {
    await this.products.remove(id);
    return { success: true, message: 'Product deleted' };
  }
}
