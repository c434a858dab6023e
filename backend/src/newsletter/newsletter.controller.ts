import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SubscribeDto } from './dto/subscribe.dto';
import { NewsletterService } from './newsletter.service';

@ApiTags('newsletter')
@Controller('newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post()
  async subscribe(@Body() dto: SubscribeDto) {
    await this.newsletter.subscribe(dto.email);
    return { success: true, message: 'Thanks for subscribing! Watch your inbox for our best deals.' };
  }
}
