import { ConflictException, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { isDuplicateKeyError } from '../common/mongo-errors';
import { Subscriber } from './schemas/subscriber.schema';

@Injectable()
export class NewsletterService {
  constructor(@InjectModel(Subscriber.name) private readonly subscribers: Model<Subscriber>) {}

  async subscribe(email: string): Promise<void> {
    try {
      await this.subscribers.create({ email });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ConflictException('This email is already subscribed');
      throw error;
    }
  }
}
