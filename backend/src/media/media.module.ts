import { Module } from '@nestjs/common';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';
import { PrivatePhotos } from './private-photos';

/** Product images (public, `/api/images`) and private photos (served by the routes of the features that keep them). */
@Module({
  controllers: [MediaController],
  providers: [MediaService, PrivatePhotos],
  exports: [MediaService, PrivatePhotos],
})
export class MediaModule {}
