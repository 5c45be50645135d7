/** A UUID as PrairieLearn accepts it: 8-4-4-4-12 hexadecimal digits, any case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_IN_TEXT = /"uuid":\s*"([^"]*)"/gi;

/** Each `"uuid": "..."` in the text of a file that is not valid JSON, as PrairieLearn looks for them. */
export function uuidMentions(text: string): RegExpMatchArray[] {
  return [...text.matchAll(UUID_IN_TEXT)];
}

/** The UUID PrairieLearn takes from such a text: its only mention, when that is a valid UUID. */
export function soleUuid(mentions: RegExpMatchArray[]): string | undefined {
  return mentions.length === 1 && UUID_PATTERN.test(mentions[0][1]) ? mentions[0][1] : undefined;
}
