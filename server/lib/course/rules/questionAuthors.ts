import type { FileRule } from './rule';

// The email pattern of zod's `email()`, which PrairieLearn uses for author emails.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Author entries: PrairieLearn needs a way to identify each author, checks ORCID check digits and
 * email syntax, and trims names before requiring three characters (which the JSON schema cannot say).
 */
export const questionAuthors: FileRule<'question'> = {
  name: 'questionAuthors',
  scope: 'file',
  kinds: ['question'],
  codes: {
    'author-name-too-short': { severity: 'error', description: 'An author name is shorter than 3 characters once trimmed.' },
    'author-identity-missing': { severity: 'error', description: 'An author has none of "email", "orcid" and "originCourse".' },
    'author-orcid-checksum': { severity: 'error', description: 'An author ORCID identifier has a wrong check digit.' },
    'author-email-invalid': { severity: 'error', description: 'An author email address is not valid.' },
  },
  check(entry, data, ctx) {
    if (!Array.isArray(data.authors)) return;
    data.authors.forEach((author, i) => {
      if (typeof author !== 'object' || author === null) return;
      if (typeof author.name === 'string' && author.name.trim().length < 3) {
        ctx.report(entry, {
          code: 'author-name-too-short',
          path: ['authors', i, 'name'],
          message: `The author name ${JSON.stringify(author.name)} is too short: PrairieLearn trims spaces and then requires at least 3 characters.`,
        });
      }
      if (!author.email && !author.orcid && !author.originCourse) {
        ctx.report(entry, {
          code: 'author-identity-missing',
          // An object has no better spot than its opening brace, so prefer the author's name.
          path: typeof author.name === 'string' ? ['authors', i, 'name'] : ['authors', i],
          message: 'At least one of "email", "orcid", or "originCourse" is required for each author.',
        });
      }
      if (author.orcid && !isValidOrcid(String(author.orcid))) {
        ctx.report(entry, {
          code: 'author-orcid-checksum',
          path: ['authors', i, 'orcid'],
          message: `The author ORCID identifier "${author.orcid}" has an invalid checksum. See the official website (https://orcid.org) for info on how to create or look up an identifier.`,
        });
      }
      if (author.email && !EMAIL_PATTERN.test(String(author.email))) {
        ctx.report(entry, {
          code: 'author-email-invalid',
          path: ['authors', i, 'email'],
          message: `The author email address "${author.email}" is invalid.`,
        });
      }
    });
  },
};

/** ISO 7064 MOD 11-2 check digit over the 15 leading digits of an ORCID iD (dashes ignored). */
export function isValidOrcid(orcid: string): boolean {
  const chars = orcid.replaceAll('-', '');
  if (!/^\d{15}[\dX]$/.test(chars)) return false;
  let total = 0;
  for (let i = 0; i < 15; i++) total = (total + Number(chars[i])) * 2;
  const check = (12 - (total % 11)) % 11;
  return chars[15] === (check === 10 ? 'X' : String(check));
}
