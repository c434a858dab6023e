import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ListProductsQuery } from './dto/list-products.query';
import { ProductIdParams } from './dto/product-id.params';
import { PUBLIC_CATALOGUE } from '../common/http/cache-control';
import { sendPrepared, type PreparedBody } from '../common/http/prepared-body';
import { ProductsService } from './products.service';

@ApiTags('products')
@Controller()
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get('productList')
  @ApiOperation({ summary: 'Every product, oldest first (original API; prefer GET /api/products for large catalogues). ETag, gzip and brotli.' })
  async productList(@Req() req: Request, @Res() res: Response) {
    this.send(req, res, this.products.catalogueVersion, await this.products.productList());
  }

  @Get('products')
  @ApiOperation({ summary: 'One page of products, filtered by name, category, stock or ids. ETag, gzip and brotli.' })
  async list(@Query() query: ListProductsQuery, @Req() req: Request, @Res() res: Response) {
    this.send(req, res, this.products.catalogueVersion, await this.products.page(query));
  }

  /** Sends a prepared answer; a plain 200 is kept for the next identical request (see catalogueFastPath). */
  private send(req: Request, res: Response, version: number, body: PreparedBody) {
    sendPrepared(req, res, body);
    if (res.statusCode === 200 && req.headers.origin === undefined) this.products.rememberAnswer(req.originalUrl, version, body, res.getHeaders());
  }

  @Get('products/:id')
  @Header('Cache-Control', PUBLIC_CATALOGUE)
  @Header('Vary', 'Origin')
  @ApiOperation({ summary: 'One product. ETag (304 while unchanged).' })
  async findOne(@Param() { id }: ProductIdParams) {
    return { success: true, product: await this.products.findById(id) };
  }
}
