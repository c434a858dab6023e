/**
 * Waits `ms` milliseconds: the one pause of the backend (retries, polls, background loops). With `unref`,
 * the wait alone does not keep the process running (background work a stopping shop need not finish).
 */
export function pause(ms: number, { unref = false }: { unref?: boolean } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });
}
