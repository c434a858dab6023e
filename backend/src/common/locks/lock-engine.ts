/**
 * What LocksService needs to know of the database engine, declared on this floor so that common/ does not
 * import database/: DatabaseModule provides it (DatabaseEngine, decided once at start-up).
 */
export abstract class LockEngine {
  /** Whether a change of one key at a time needs a lock document (see DatabaseEngine.needsLockDocuments). */
  abstract readonly needsLockDocuments: boolean;
}
