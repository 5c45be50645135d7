/** The one interface the reference server uses to talk to PGlite or PostgreSQL; both run the same SQL. */
/**
 * A row as the SQL selects it. Its columns are read by name across the API's handlers, as pg and
 * PGlite return them; a caller that wants checking names the row type (`query<T>`).
 */
// biome-ignore lint/suspicious/noExplicitAny: the SQL, not TypeScript, decides the columns; typing every row as unknown would put a cast at each of about 80 reads.
export type Row = Record<string, any>;

export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs several statements (migrations); no parameters. */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
