/** Up to MAX_RELATED other occurrences: a name repeated thousands of times must stay linear. */
export const MAX_RELATED = 10;
export function relatedOf<T>(list: T[], one: T, accept: (other: T) => boolean): T[] {
  const out: T[] = [];
  for (const other of list) {
    if (other === one || !accept(other)) continue;
    out.push(other);
    if (out.length === MAX_RELATED) break;
  }
  return out;
}
