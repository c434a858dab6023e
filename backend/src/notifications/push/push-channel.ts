import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { PushPayload } from '@greencart/domain';
import { request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { generateRequestDetails, type RequestOptions } from 'web-push';
import { pushProblem, type Environment } from '../../config/environment';
import { SendFailure } from '../mail/mailer';
import type { ChannelSender, Delivery } from '../outbox/outbox-job';
import { OutboxWorker } from '../outbox/outbox-worker';
import type { OutboxMessage } from '../outbox/outbox.schema';
import type { NewMessage } from '../outbox/outbox.service';
import { PushEndpointRefused } from './push-endpoint';
import type { PushKind } from './push-messages';
import { PushSubscriptionsService } from './push-subscriptions.service';

/** A push to every browser of one account, as a listener asks for it. */
export interface PushNotice {
  /** `shopper:<user id>` or `seller` (as the mail recipients). */
  account: string;
  kind: PushKind;
  /** What the push is about (an order and its status, a chat message): with the browser, its outbox `_id`. */
  key: string;
  payload: PushPayload;
}

/** How long a push service keeps a push for a phone that is off (seconds). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web push for the outbox (RFC 8030 delivery, RFC 8291 encryption, RFC 8292 VAPID): `web-push` encrypts
 * and signs, node's https delivers to endpoints the endpoint policy allows, checked again at connect time
 * (tests' push service stand-in is on http).
 * One outbox message per browser, so each is sent and retried on its own; a browser the push service
 * says is gone (404, 410) is forgotten. Off without VAPID keys.
 */
@Injectable()
export class PushChannel implements ChannelSender, OnModuleInit {
  readonly channel = 'push' as const;
  private readonly logger = new Logger('Push');
  readonly problem: string | null;
  readonly publicKey: string | null;
  private readonly options: RequestOptions;

  constructor(
    private readonly subscriptions: PushSubscriptionsService,
    private readonly worker: OutboxWorker,
    config: ConfigService<Environment, true>,
  ) {
    const publicKey = config.get('VAPID_PUBLIC_KEY', { infer: true });
    const privateKey = config.get('VAPID_PRIVATE_KEY', { infer: true });
    this.problem = pushProblem({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    this.publicKey = this.problem ? null : publicKey!;
    const subject = config.get('VAPID_SUBJECT', { infer: true }) ?? `mailto:${config.get('SHOP_EMAIL', { infer: true })}`;
    this.options = {
      vapidDetails: { subject, publicKey: publicKey ?? '', privateKey: privateKey ?? '' },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    };
  }

  get enabled(): boolean {
    return this.problem === null;
  }

  onModuleInit() {
    if (this.problem) this.logger.warn(this.problem);
    this.worker.register(this);
  }

  /** The outbox messages for these notices: one per browser of each account (none when push is off). */
  async messagesFor(notices: PushNotice[]): Promise<NewMessage[]> {
    if (!this.enabled || !notices.length) return [];
    const messages: NewMessage[] = [];
    for (const notice of notices) {
      for (const subscription of await this.subscriptions.forAccount(notice.account)) {
        messages.push({
          _id: `push:${notice.kind}:${notice.key}:${subscription._id}`,
          channel: 'push',
          kind: notice.kind,
          recipient: subscription._id,
          data: { ...notice.payload },
        });
      }
    }
    return messages;
  }

  async deliver(message: OutboxMessage): Promise<Delivery> {
    const subscription = await this.subscriptions.byId(message.recipient);
    if (!subscription) return { state: 'skipped', reason: 'The browser no longer takes pushes (unsubscribed)' };
    const url = new URL(subscription.endpoint);
    const address = url.origin;
    const payload = message.data as unknown as PushPayload;
    const refusal = this.subscriptions.policy.refusal(subscription.endpoint);
    if (refusal) {
      await this.subscriptions.remove(subscription._id);
      return { state: 'skipped', reason: `Not sent: ${refusal}; the subscription was removed`, address };
    }
    let status: number;
    let answer = '';
    try {
      const request = generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          ...this.options,
          topic: topicOf(payload.tag),
        },
      );
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      ({ status, answer } = await post(url, headers, request.body, this.subscriptions.policy.isTestOrigin(url) ? undefined : this.subscriptions.policy.lookup));
    } catch (error) {
      if (error instanceof PushEndpointRefused)
        throw Object.assign(new SendFailure('permanent', `Not sent: ${error.message}`), { address, subject: payload.title });
      // A push service away is this browser's problem only: never 'transport', which pauses the mail.
      throw Object.assign(new SendFailure('temporary', `The push service could not be reached: ${(error as Error).message}`), {
        address,
        subject: payload.title,
      });
    }
    if (status >= 200 && status < 300) return { state: 'sent', address, subject: payload.title };
    if (status === 404 || status === 410) {
      await this.subscriptions.remove(subscription._id);
      return { state: 'skipped', reason: `The push service says this browser is gone (${status}); its subscription was removed`, address };
    }
    // A redirect is never followed (it could lead anywhere): refused for good, as a 4xx.
    const kind = status >= 300 && status < 500 && status !== 429 ? 'permanent' : 'temporary';
    throw Object.assign(new SendFailure(kind, `The push service answered ${status}${answer ? `: ${answer}` : ''}`), { address, subject: payload.title });
  }
}

/** One POST to the push service over node's http(s), resolved by `lookup` (the endpoint policy's), no redirect followed. */
function post(url: URL, headers: Record<string, string>, body: Buffer, lookup?: LookupFunction): Promise<{ status: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'POST', headers, lookup, agent: url.protocol === 'https:' ? PUSH_AGENT : undefined, signal: AbortSignal.timeout(PUSH_TIMEOUT_MS) },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 1024) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8').slice(0, 200) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The push services' connections, apart from any other https the process makes (each one connected after the policy's lookup). */
const PUSH_AGENT = new HttpsAgent({ keepAlive: true, maxSockets: 16 });

/** The push service keeps only the newest push of one topic for a phone that is off (RFC 8030 §5.4: up to 32 base64url characters). */
function topicOf(tag: string): string {
  return Buffer.from(tag).toString('base64url').slice(0, 32);
}
