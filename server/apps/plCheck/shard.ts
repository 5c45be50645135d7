/** `--shard i/n`: run the i-th of n parts (1-based) of a course's questions, for a CI matrix. */
export interface Shard {
  index: number;
  count: number;
}

/** The shard `text` names, or why it names none (the caller reports it as a usage problem). */
export function parseShard(text: string): Shard | { error: string } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index < 1 || index > count) {
    return { error: `--shard: "${text}" is not i/n with 1 <= i <= n (e.g. --shard 2/4 runs the second of four parts)` };
  }
  return { index, count };
}

/**
 * The questions of one shard: sorted by QID and dealt out in turn, so the n shards together run every
 * question exactly once, differ in size by at most one, and every machine computes the same split.
 */
export function selectShard(qids: readonly string[], shard: Shard | undefined): string[] {
  if (!shard) return [...qids];
  return [...qids].sort().filter((_, i) => i % shard.count === shard.index - 1);
}
