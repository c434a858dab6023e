import Redis from 'ioredis';

/**
 * Polls `check` until it holds; fails naming `what` if that takes longer than `ms`, with what `explain`
 * (when given) says it saw then, so a failure tells its own story.
 */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 8_000, explain?: () => unknown): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) {
      const seen = explain ? `; seen: ${shown(await explain())}` : '';
      throw new Error(`Timed out after ${ms} ms waiting until ${what}${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function shown(seen: unknown): string {
  if (typeof seen === 'string') return seen;
  try {
    return JSON.stringify(seen, null, 1);
  } catch {
    return String(seen);
  }
}

/**
 * Waits until `count` instances listen on a topic of the ClusterBus (Redis PUBSUB NUMSUB on the
 * prefixed channel): a change published before that would be lost to an instance still connecting.
 */
export async function clusterListening(redisUrl: string, prefix: string, topic: string, count = 2): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    await eventually(
      async () => {
        const [, listeners] = (await redis.pubsub('NUMSUB', prefix + topic)) as [string, number];
        return Number(listeners) >= count;
      },
      `${count} instances listen on ${prefix + topic}`,
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * Waits until the clock is in a later whole second than `instant` (now by default): tokens carry their
 * times in whole seconds, and one signed in the same second as a sign-out everywhere counts as before it.
 */
export async function nextSecond(instant = Date.now()): Promise<void> {
  const target = (Math.floor(instant / 1000) + 1) * 1000;
  while (Date.now() < target) await new Promise((resolve) => setTimeout(resolve, target - Date.now()));
}

/**
 * Waits until the clock is past `instant` (ms since the epoch): for what is genuinely about time, such as
 * a hold or a remembered check that lapses at a stored instant. Callers say why it is time.
 */
export async function past(instant: number): Promise<void> {
  while (Date.now() <= instant) await new Promise((resolve) => setTimeout(resolve, instant + 1 - Date.now()));
}
