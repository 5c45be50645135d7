import type { Connection } from 'vscode-languageserver';

/** Runs `work`, logging instead of throwing: a bad file or a bug must not take the server down. */
export type Safely = <T>(what: string, fallback: T, work: () => T) => T;
export type SafelyAsync = <T>(what: string, fallback: T, work: () => Promise<T>) => Promise<T>;

/** The two ways every handler runs its work, logging failures to the client's output. */
export interface Guard {
  safely: Safely;
  safelyAsync: SafelyAsync;
}

export function guardFor(connection: Connection): Guard {
  const logFailure = (what: string, err: unknown) =>
    connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return {
    safely: (what, fallback, work) => {
      try {
        return work();
      } catch (err) {
        logFailure(what, err);
        return fallback;
      }
    },
    safelyAsync: async (what, fallback, work) => {
      try {
        return await work();
      } catch (err) {
        logFailure(what, err);
        return fallback;
      }
    },
  };
}
