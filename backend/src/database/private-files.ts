import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What this process creates is its owner's alone: files 600, folders 700 (databases, secrets, backups hold shoppers' data). */
export function keepFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * The data folder and everything already in it, made its owner's alone (folders 700, files 600): a folder
 * written by an earlier version, or copied in, had the usual 755/644. Links are left as they are.
 */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  };
  walk(dir);
}
