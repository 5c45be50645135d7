/** Whether two lists hold the very same items in the same order (undefined: differs from every list). */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (a === b) return true;
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
