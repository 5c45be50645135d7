// Why a known PrairieLearn element is not run by the local runtime, where its name does not say it. The
// preview's box says the same (server/python/plruntime/traverse.py NOT_RUN_REASONS; a test keeps them equal).
// Every element of PrairieLearn's list runs here now; a reason goes here if one ever cannot.
export const NOT_RUN_REASONS: Readonly<Record<string, string>> = {};

/** pl-check's note for an element the runtime does not run. */
export function notRunMessage(tag: string): string {
  const reason = NOT_RUN_REASONS[tag];
  return `<${tag}> is not run by the local runtime${reason ? ` (${reason})` : ''}, so its answers are not tested here`;
}
