/** The most items a list in a tool result holds unless the caller asks for fewer or more. */
export const DEFAULT_LIMIT = 50;
/** The most a caller may ask for: results stay small enough for an agent's context. */
export const MAX_LIMIT = 500;

/** The first `limit` items and how many more there were. */
export function bounded<T>(items: readonly T[], limit: unknown): { shown: T[]; more: number } {
  const n = typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;
  return { shown: items.slice(0, n), more: Math.max(0, items.length - n) };
}

/** A line saying how many were left out, or nothing. */
export function moreLine(more: number, what: string): string {
  return more > 0 ? `\n… and ${more} more ${what} (ask with a larger limit or a narrower filter).` : '';
}

/** Text cut to `max` characters, saying how much was cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}

/** The property schema of a `limit` input. */
export const LIMIT_PROPERTY = { type: 'integer', minimum: 1, maximum: MAX_LIMIT, description: `Most items to list (default ${DEFAULT_LIMIT}).` };
