/** A loader asked once: the same promise every time, and its module as `loaded` once it has arrived. */
export type Remembered<M> = (() => Promise<M>) & { loaded?: M };

export function remember<M>(load: () => Promise<M>): Remembered<M> {
  let promise: Promise<M> | undefined;
  const get: Remembered<M> = () => (promise ??= load().then((module) => (get.loaded = module)));
  return get;
}
