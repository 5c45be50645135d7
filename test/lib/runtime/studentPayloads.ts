// Hostile student answers for every input element of fixtures/trustCourse: the breakout payloads, the
// submissions (a record as the API returns one, and raw form answers) that carry them in every field,
// and the check that a rendered panel holds no tag that could run or load something.
import type { Submission, Variant } from '../../../server/lib/runtime';

export const TRUST_COURSE = `${__dirname}/fixtures/trustCourse`;

/** Each sets window.pwned (and posts a message) if it ever runs. */
export const BREAKOUTS = [
  '<script x><script>window.pwned=1</script>',
  '"><script>window.pwned=2</script>',
  `'><img src=x onerror="window.pwned=3">`,
  '</textarea></span></div><script>window.pwned=4</script>',
  '<svg><script>window.pwned=5</script></svg>',
  '{{x}}{{{feedback}}}<script>window.pwned=6</script>',
  '<noscript><p title="</noscript><script>window.pwned=7</script>">',
  '<!--<script>window.pwned=8</script>-->',
  '&lt;script&gt;window.pwned=9&lt;/script&gt;',
  '<iframe srcdoc="<script>parent.pwned=10</script>"></iframe>',
  '<a href="javascript:window.pwned=11" id="pwn">x</a><base href="https://example.com/">',
];

type Raw = Record<string, string | string[]>;

/** The order-blocks JSON a student could post: a block the question does not have, with its own markup. */
const foreignBlocks = (p: string) => [
  { uuid: 'not-a-block', inner_html: p, indent: 0 },
  { uuid: p, inner_html: p, indent: p },
];

/** Raw form answers with `p` in every field the correct answers use (`fields`: their names). */
export function hostileRaw(p: string, fields: string[]): Raw {
  const b64 = Buffer.from(p, 'utf8').toString('base64');
  const raw: Raw = { [p]: p };
  for (const f of fields) {
    if (f === 'o-input') raw[f] = JSON.stringify(foreignBlocks(p));
    else if (f.startsWith('_file_editor_')) raw[f] = b64;
    else if (f.startsWith('_file_upload_')) raw[f] = JSON.stringify([{ name: p, contents: b64 }, { name: 'up.txt', contents: b64 }]);
    else if (f.startsWith('_rich_text_editor_')) raw[f] = b64;
    // A data URL that is not an image: parse says so, and nothing of it is shown.
    else if (f.startsWith('_image_capture_')) raw[f] = `data:text/html;base64,${b64}`;
    else if (f === 'c') raw[f] = [p, 'a'];
    else raw[f] = p;
  }
  return raw;
}

/** Inputs whose submitted answer is text or a choice (the others hold what their parse made: numbers, expressions). */
const TEXT_ANSWERS = ['s', 'sm', 'o', 'c', 'd', 'mcq', 'ma'];
const NAMES = ['s', 'sm', 'n', 'i', 'sy', 'm', 'mc', 'u', 'b', 'o', 'c', 'd', 'mcq', 'ma'];

/**
 * A submission as a record from the API could hold it: `p` in the raw answers, file names and contents,
 * feedback and scores; in the submitted answers of the text and choice inputs (`parsed`: the rest, as a
 * real parse made them), or, with `formatErrors`, an error on every input, which shows its raw text.
 */
export function hostileRecord(v: Variant, p: string, fields: string[], parsed: Record<string, unknown>, formatErrors: boolean): Submission {
  const b64 = Buffer.from(p, 'utf8').toString('base64');
  const names = NAMES;
  const submitted: Record<string, unknown> = { ...parsed, [p]: p, _files: [{ name: p, contents: b64 }, { name: 'up.txt', contents: b64 }, { name: 'main.py', contents: b64 },
    { name: 'essay.html', contents: b64, mimetype: 'text/html' }, { name: 'photo.jpg', contents: b64 }] };
  for (const n of formatErrors ? NAMES : TEXT_ANSWERS) submitted[n] = n === 'o' ? foreignBlocks(p) : n === 'c' || n === 'ma' ? [p] : p;
  const scores: Record<string, unknown> = {};
  for (const n of names) scores[n] = { score: 0.5, weight: 1, feedback: p };
  return {
    raw: hostileRaw(p, fields),
    submittedAnswers: submitted,
    formatErrors: formatErrors ? Object.fromEntries(names.map((n) => [n, p])) : {},
    partialScores: scores,
    score: 0.5,
    feedback: { echo: p, [p]: p },
    gradable: !formatErrors,
    broken: false,
    params: v.params,
    correctAnswers: v.correctAnswers,
    graded: !formatErrors,
    issues: [],
  };
}

const ACTIVE = new Set(['script', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'noscript', 'template', 'svg', 'math', 'xmp', 'plaintext', 'style']);

/**
 * The tags in `html` that could run or load something. The serializer escapes `<` and `>` in text and
 * in attribute values, so every `<` followed by a letter in the output opens a real tag.
 */
export function activeTags(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)[^>]*>/g)) if (ACTIVE.has(m[1].toLowerCase())) found.push(m[0].slice(0, 120));
  return found;
}
