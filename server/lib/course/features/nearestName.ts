/**
 * The candidate closest to `wanted`, for "did you mean": the one fewest edits away (letters
 * inserted, deleted, changed or swapped, ignoring case), if that is at most a third of its length,
 * or else the only candidate whose last '/' part is `wanted` (a QID written without its folder).
 */
export function nearestName(wanted: string, candidates: Iterable<string>): string | undefined {
  const w = wanted.toLowerCase();
  const limit = Math.max(1, Math.floor(wanted.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  const byLastPart: string[] = [];
  for (const candidate of candidates) {
    if (candidate === wanted) continue;
    if (candidate.slice(candidate.lastIndexOf('/') + 1) === wanted) byLastPart.push(candidate);
    if (Math.abs(candidate.length - wanted.length) >= bestDistance) continue;
    const d = editDistance(w, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best ?? (byLastPart.length === 1 ? byLastPart[0] : undefined);
}

/** Optimal string alignment distance, giving up (returning `bound`) once it cannot be below `bound`. */
function editDistance(a: string, b: string, bound: number): number {
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= bound) return bound;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}
