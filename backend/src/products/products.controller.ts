import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListProductsQuery } from './dto/list-products.query';
import { ProductIdParams } from './dto/product-id.params';
import { ProductsService } from './products.service';

@ApiTags('products')
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('productList')
  @ApiOperation({ summary: 'Every product, oldest first (original API; prefer GET /api/products for large catalogues)' })
  async productList() {
    return { success: true, productsdata: await this.products.listAll() };
  }

  @Get('products')
  @ApiOperation({ summary: 'One page of products, filtered by name, category, stock or ids' })
  async list(@Query() query: ListProductsQuery) {
    return { success: true, ...(await this.products.list(query)) };
  }

  @Get('products/:id')
  @ApiOperation({ summary: 'One product' })
  async findOne(@Param() { id }: ProductIdParams) {
    return { success: true, product: await this.products.findById(id) };
  }
}
