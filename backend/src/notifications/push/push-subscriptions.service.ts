import { createHash } from 'node:crypto';
import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { Environment } from '../../config/environment';
import { PushEndpointPolicy, PushEndpointRefused } from './push-endpoint';
import { PushSubscriptionRecord } from './push-subscription.schema';

/** Browsers kept per account: a new one beyond this replaces the oldest. */
export const SUBSCRIPTIONS_PER_ACCOUNT = 10;

export interface NewSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

/** The browsers each account gets pushes on. */
@Injectable()
export class PushSubscriptionsService {
  /** Which endpoints the shop sends to (the channel asks it again on each send). */
  readonly policy: PushEndpointPolicy;

  constructor(
    @InjectModel(PushSubscriptionRecord.name) private readonly subscriptions: Model<PushSubscriptionRecord>,
    config: ConfigService<Environment, true>,
  ) {
    this.policy = new PushEndpointPolicy({
      PUSH_ALLOWED_HOSTS: config.get('PUSH_ALLOWED_HOSTS', { infer: true }),
      PUSH_INSECURE_TEST_ORIGINS: config.get('PUSH_INSECURE_TEST_ORIGINS', { infer: true }),
    });
  }

  /** Keeps (or moves to this account) the browser's subscription. */
  async subscribe(account: string, { endpoint, keys }: NewSubscription): Promise<void> {
    // What the payload is encrypted for must be a P-256 point and a 16-byte secret, or every push fails later.
    const publicKey = Buffer.from(keys.p256dh, 'base64url');
    if (publicKey.length !== 65 || publicKey[0] !== 4) throw new BadRequestException('keys.p256dh must be an uncompressed P-256 public key (65 bytes)');
    if (Buffer.from(keys.auth, 'base64url').length !== 16) throw new BadRequestException('keys.auth must be 16 bytes');
    await this.checkEndpoint(endpoint);
    const _id = subscriptionId(endpoint);
    await this.subscriptions
      .updateOne({ _id }, { $set: { account, endpoint, p256dh: keys.p256dh, auth: keys.auth }, $setOnInsert: { createdAt: new Date() } }, { upsert: true })
      .exec();
    const kept = await this.subscriptions.find({ account }, { _id: 1, createdAt: 1 }).lean<{ _id: string; createdAt: Date }[]>().exec();
    if (kept.length <= SUBSCRIPTIONS_PER_ACCOUNT) return;
    const oldest = kept.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).slice(0, kept.length - SUBSCRIPTIONS_PER_ACCOUNT);
    await this.subscriptions.deleteMany({ _id: { $in: oldest.map((s) => s._id) }, account }).exec();
  }

  private async checkEndpoint(endpoint: string): Promise<void> {
    try {
      await this.policy.check(endpoint);
    } catch (error) {
      if (error instanceof PushEndpointRefused) throw new BadRequestException(error.message);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') throw new BadRequestException("endpoint's host could not be found");
      throw new ServiceUnavailableException('The push service could not be checked just now; please try again');
    }
  }

  /** Forgets the browser's subscription if it is this account's. */
  async unsubscribe(account: string, endpoint: string): Promise<boolean> {
    const { deletedCount } = await this.subscriptions.deleteOne({ _id: subscriptionId(endpoint), account }).exec();
    return deletedCount > 0;
  }

  forAccount(account: string): Promise<PushSubscriptionRecord[]> {
    return this.subscriptions.find({ account }).lean<PushSubscriptionRecord[]>().exec();
  }

  byId(id: string): Promise<PushSubscriptionRecord | null> {
    return this.subscriptions.findById(id).lean<PushSubscriptionRecord>().exec();
  }

  /** The push service said the subscription is gone (404/410). */
  async remove(id: string): Promise<void> {
    await this.subscriptions.deleteOne({ _id: id }).exec();
  }
}
