/**
 * The code of pl-check's second thread, bundled apart from pl-check (questionFileThreadMain.ts):
 * about a third of pl-check's bundle, so that the thread starts sooner than one that loads all of
 * pl-check (its course rules, output formats and the question runtime of `--test`). build.mjs
 * replaces this module in the bundles by one that returns that code; run from source (the tests),
 * there is none, and the second thread runs pl-check's own script instead.
 */
export function questionFileThreadSource(): string | undefined {
  return undefined;
}
