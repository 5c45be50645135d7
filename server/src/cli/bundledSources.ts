/** pl-check's two bundles, as text. */
export interface BundledSources {
  /** The checker: `plCheckCommand.ts` and all it loads, run through the compile cache. */
  checker: string;
  /** The second thread's: `questionFileThreadMain.ts`, the question file checkers only. */
  thread: string;
  /** A hash of both, which names the compile cache. */
  id: string;
}

/**
 * The code dist/plCheck.js carries as text, so that pl-check stays one file yet compiles no more
 * than the thread starter before it starts the second thread. build.mjs replaces this module in
 * the bundle; run from source there is none.
 */
export function bundledSources(): BundledSources | undefined {
  return undefined;
}
