/** What this process still does in the background after it started (one-time checks), by name. */
const running = new Set<string>();

/** Marks `work` as start-up work until it settles (shown by /api/health as `startup.running`). */
export function startupWork<T>(name: string, work: Promise<T>): Promise<T> {
  running.add(name);
  return work.finally(() => running.delete(name));
}

/** The start-up work still under way in this process. */
export function startupWorkRunning(): string[] {
  return [...running];
}
