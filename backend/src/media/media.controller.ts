import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ImageIdParams } from './dto/image-id.params';
import { MediaService, type ImageVariant } from './media.service';
import { serveFile } from './serve-file';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Public, immutable product images: an id never changes content, so browsers and CDNs may keep them for a year. */
@ApiTags('images')
@Controller('images')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Get(':id')
  @ApiOperation({ summary: 'A product image (WebP, at most 1200 px)' })
  @ApiOkResponse({ description: 'The image bytes; 304 when If-None-Match matches' })
  image(@Param() { id }: ImageIdParams, @Req() req: Request, @Res() res: Response) {
    return this.send(id, 'image', req, res);
  }

  @Get(':id/thumb')
  @ApiOperation({ summary: 'The thumbnail of a product image (WebP, at most 320 px)' })
  @ApiOkResponse({ description: 'The thumbnail bytes; 304 when If-None-Match matches' })
  thumb(@Param() { id }: ImageIdParams, @Req() req: Request, @Res() res: Response) {
    return this.send(id, 'thumb', req, res);
  }

  private async send(id: string, variant: ImageVariant, req: Request, res: Response) {
    await serveFile(req, res, await this.media.findFile(id, variant), (file) => this.media.read(file), IMMUTABLE);
  }
}
