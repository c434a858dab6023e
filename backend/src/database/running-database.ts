/** A database server the app runs against: external (MONGODB_URI) or embedded (mongod or FerretDB), and how to stop it. */
export interface RunningDatabase {
  /** Connection string without a database name. */
  uri: string;
  kind: 'external' | 'mongod' | 'ferretdb';
  /** The server process (FerretDB), for supervision and the fault tests. */
  pid?: () => number | undefined;
  stop(): Promise<void>;
}
