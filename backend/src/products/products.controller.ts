import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ListProductsQuery } from './dto/list-products.query';
import { ProductIdParams } from './dto/product-id.params';
import { PUBLIC_CATALOGUE } from '../common/http/cache-control';
import { sendPrepared } from '../common/http/prepared-body';
import { ProductsService } from './products.service';

@ApiTags('products')
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('productList')
  @ApiOperation({ summary: 'Every product, oldest first (original API; prefer GET /api/products for large catalogues). ETag, gzip and brotli.' })
  async productList(@Req() req: Request, @Res() res: Response) {
    sendPrepared(req, res, await this.products.productList());
  }

  @Get('products')
  @ApiOperation({ summary: 'One page of products, filtered by name, category, stock or ids. ETag, gzip and brotli.' })
  async list(@Query() query: ListProductsQuery, @Req() req: Request, @Res() res: Response) {
    sendPrepared(req, res, await this.products.page(query));
  }

  @Get('products/:id')
  @Header('Cache-Control', PUBLIC_CATALOGUE)
  @Header('Vary', 'Origin')
  @ApiOperation({ summary: 'One product. ETag (304 while unchanged).' })
  async findOne(@Param() { id }: ProductIdParams) {
    return { success: true, product: await this.products.findById(id) };
  }
}
