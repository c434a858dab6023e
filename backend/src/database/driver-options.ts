/**
 * The MongoDB driver's time-outs (AppModule's connection): fail fast while the database is away (503
 * within seconds, see the error filter) and notice its return within a second.
 */
export const DRIVER_TIMEOUTS = {
  serverSelectionTimeoutMS: 3_000,
  connectTimeoutMS: 3_000,
  socketTimeoutMS: 5_000,
  heartbeatFrequencyMS: 1_000,
} as const;
