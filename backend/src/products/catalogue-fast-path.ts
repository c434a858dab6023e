import type { ThrottlerStorage } from '@nestjs/throttler';
import { answerFromMemory, OverLimit, type AnswerSource, type SharedLimit } from '../common/http/remembered-answers';

/**
 * The global per-IP limit (rate-limit.module.ts: key `global:<ip>`) for the fast path: each answer is
 * counted there in the background; a client the count finds over the limit is remembered until its
 * window ends, and its requests go to the full pipeline (429) meanwhile.
 */
export function sharedLimit(storage: ThrottlerStorage, limit: number, windowMs: number): SharedLimit {
  const over = new OverLimit();
  return {
    count(client) {
      storage.increment(`global:${client}`, windowMs, limit, windowMs, 'global').then(
        ({ totalHits, isBlocked, timeToExpire, timeToBlockExpire }) => {
          if (!isBlocked && totalHits <= limit) return;
          over.mark(client, Date.now() + Math.max(timeToExpire, timeToBlockExpire) * 1000);
        },
        () => undefined,
      );
    },
    isOver: (client) => over.has(client),
  };
}

/**
 * A repeated public catalogue request (/api/productList, /api/products?…) is answered with the bytes
 * and headers of its first answer, by the first Express middleware: the router, the other middleware,
 * guards and pipes cost more than the answer (at 45 products, half the throughput). The catalogue
 * remembers what ProductsController sent (Catalogue.remember) until it changes.
 */
export function catalogueFastPath(catalogue: AnswerSource, storage: ThrottlerStorage, limit: number, windowMs: number) {
  return answerFromMemory(catalogue, sharedLimit(storage, limit, windowMs));
}
