/**
 * Statements the shop puts in one bulk write command, on every engine. FerretDB v1.24 as released keeps
 * one of its 100 SQLite connections per statement of an update command until the command ends, plus one
 * to write: a few bulk writes of 50 at once took them all and hung the database for every client, for
 * ever. The embedded build is patched (backend/ferretdb-patches/0002); the shop also keeps its commands
 * this small, so an unpatched FerretDB holds at most 16 + 1 connections for one. MongoDB takes a bulk
 * write of any size, and one split in runs of 16 the same.
 */
export const UPDATES_PER_COMMAND = 16;

/** `write` for each run of at most UPDATES_PER_COMMAND of `ops`, one after another, in their order. */
export async function inCommands<T>(ops: T[], write: (run: T[]) => Promise<unknown>, size = UPDATES_PER_COMMAND): Promise<void> {
  for (let start = 0; start < ops.length; start += size) await write(ops.slice(start, start + size));
}
