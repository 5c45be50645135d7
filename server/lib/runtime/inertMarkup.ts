import type { JsonObject } from '../protocol';

/**
 * Tags that run or load something when a page parses them. Feedback and format errors are HTML
 * (authors format them), but server.py often builds them from a student's answer, so in them these
 * tags are made text; everything else shows as written.
 */
const ACTIVE_TAG = /<(?=\/?(?:script|iframe|frame|object|embed|base|meta|link|noscript|template|svg|math|xmp|plaintext|noembed|noframes|style)(?![a-z0-9_-]))/gi;

/** `value` with every string's active tags written as text (`<` as `&lt;`), keys and shape kept. */
export function inertMarkup(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(ACTIVE_TAG, '&lt;');
  if (depth > 200 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => inertMarkup(v, depth + 1));
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = inertMarkup(v, depth + 1);
  return out;
}
