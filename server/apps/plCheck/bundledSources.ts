/** pl-check's two bundles, as text. */
export interface BundledSources {
  /** The checker: `plCheckCommand.ts` and all it loads, run through the compile cache. */
  checker: string;
  /** The second thread's: `questionFileThreadMain.ts`, the question file checkers only. */
  thread: string;
  /** A hash of both, which names the compile cache. */
  id: string;
}

/** Set by build.mjs (esbuild's `define`) in dist/plCheck.js only. */
declare const PL_CHECK_SOURCES: BundledSources | undefined;

/**
 * The code dist/plCheck.js carries as text, so that pl-check stays one file yet compiles no more
 * than the thread starter before it starts the second thread; run from source there is none.
 * esbuild puts the value at the top level of dist/plCheck.js, which V8 compiles at once: inside
 * a function it would be scanned twice, once when skipped over and again when the function runs.
 */
export function bundledSources(): BundledSources | undefined {
  return typeof PL_CHECK_SOURCES === 'undefined' ? undefined : PL_CHECK_SOURCES;
}
