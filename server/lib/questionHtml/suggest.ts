/** The closest candidate within a small edit distance, for "did you mean" hints. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 4)) + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - word.length) >= bestDistance) continue;
    const d = distance(word, c, bestDistance);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below it. */
function distance(a: string, b: string, limit: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let min = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < min) min = v;
    }
    if (min >= limit) return limit;
    prev = row;
  }
  return prev[b.length];
}

export function didYouMean(word: string, candidates: Iterable<string>): string {
  const c = closest(word, candidates);
  return c ? ` Did you mean "${c}"?` : '';
}
