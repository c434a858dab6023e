import { Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiCookieAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { serveFile } from '../media/serve-file';
import { SELLER_COOKIE, SHOPPER_COOKIE } from '../sessions/session';
import type { Sessions } from '../sessions/session.service';
import { CurrentSessions, SignedInGuard } from '../sessions/signed-in.guard';
import { OrderPhotos } from './order-photos';

/** Kept by the browser that asked only, and checked again on every use (304 while unchanged): access can end, the bytes never change. */
const PRIVATE = 'private, no-cache';

@ApiTags('orders')
@Controller('orders/:id/photos')
export class OrderPhotosController {
  constructor(private readonly photos: OrderPhotos) {}

  @Get(':photoId')
  @UseGuards(SignedInGuard)
  @ApiCookieAuth(SHOPPER_COOKIE)
  @ApiCookieAuth(SELLER_COOKIE)
  @ApiOperation({ summary: "A photo of an order (a problem report's), for its shopper and the shop's staff who see orders (WebP)" })
  @ApiOkResponse({ description: 'The photo; 304 when If-None-Match matches' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiNotFoundResponse({ description: 'No such photo, or not one the caller may see (the same answer)' })
  async photo(@Param('id') id: string, @Param('photoId') photoId: string, @CurrentSessions() sessions: Sessions, @Req() req: Request, @Res() res: Response) {
    const file = await this.photos.find(id, photoId, sessions);
    await serveFile(req, res, file, (found) => this.photos.read(found), PRIVATE);
  }
}
