// pl-file-editor and pl-matching in real Python (PrairieLearn's elements/<name>/<name>.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { elementError, phaseData } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const FE = 'pl-file-editor';
const EDITOR = '<pl-file-editor file-name="main.py" ace-mode="ace/mode/python">def f():\n    return 1</pl-file-editor>';
const field = (name: string) => `_file_editor_${createHash('sha1').update(name).digest('hex')}`;
const b64 = (s: string) => Buffer.from(s).toString('base64');

test('pl-file-editor prepare records the file name once and rejects duplicates and double sources', () => {
  const v = makeVariant(FE, EDITOR);
  assert.deepEqual(v.params._required_file_names, ['main.py']);
  assert.match(elementError(FE, 'prepare', EDITOR, phaseData('prepare', { params: v.params })) ?? '', /more than one file editor with the same file name/);
  assert.match(elementError(FE, 'prepare', '<pl-file-editor file-name="a" source-file-name="b">x</pl-file-editor>', phaseData('prepare')) ?? '', /source-file-name/);
});

test('pl-file-editor parse stores the text in _files; blank and bad UTF-8 are files format errors', () => {
  const v = makeVariant(FE, EDITOR);
  const d = submit(FE, EDITOR, v, { [field('main.py')]: b64('print(1)\n') });
  assert.deepEqual(d.submitted_answers._files, [{ name: 'main.py', contents: b64('print(1)\n') }]);
  assert.equal(field('main.py') in d.submitted_answers, false, 'the raw field is removed');
  assert.deepEqual(submit(FE, EDITOR, v, { [field('main.py')]: '' }).format_errors._files, ['No submitted answer for main.py']);
  const ascii8 = '<pl-file-editor file-name="a.txt" normalize-to-ascii="true"></pl-file-editor>';
  // UTF-8 is checked only when normalizing, as PrairieLearn's pl-file-editor.py parse does.
  assert.deepEqual(submit(FE, ascii8, makeVariant(FE, ascii8), { [field('a.txt')]: Buffer.from([0xff, 0xfe]).toString('base64') }).format_errors._files,
    ['Submitted answer is not a valid UTF-8 string.']);
  assert.deepEqual(submit(FE, EDITOR, v, { [field('main.py')]: Buffer.from([0xff, 0xfe]).toString('base64') }).format_errors, {});
  const blank = '<pl-file-editor file-name="a.txt" allow-blank="true"></pl-file-editor>';
  assert.deepEqual(submit(FE, blank, makeVariant(FE, blank), { [field('a.txt')]: '' }).submitted_answers._files, [{ name: 'a.txt', contents: '' }]);
  const ascii = '<pl-file-editor file-name="a.txt" normalize-to-ascii="true"></pl-file-editor>';
  assert.equal(submit(FE, ascii, makeVariant(FE, ascii), { [field('a.txt')]: b64('x \u2212 y') }).submitted_answers._files[0].contents, b64('x - y'));
});

test('pl-file-editor renders only in the question panel, from the inner text, a source file or the last submission', () => {
  const v = makeVariant(FE, EDITOR);
  const q = render(FE, EDITOR, v, 'question');
  assert.match(q, /<textarea[^>]*rows="18"[^>]*>def f\(\):\n    return 1<\/textarea>/);
  // The hidden field comes empty, as PrairieLearn's (elements/pl-file-editor/pl-file-editor.mustache, 88fb855);
  // the page script fills it from the editor (test/client/elementScriptsBrowser.test.ts).
  assert.match(q, new RegExp(`<input type="hidden" name="${field('main.py')}">`));
  const again = render(FE, EDITOR, v, 'question', { submitted_answers: { _files: [{ name: 'main.py', contents: b64('x = 2') }] } });
  assert.match(again, />x = 2<\/textarea>/);
  assert.equal(render(FE, EDITOR, v, 'submission'), '');
  assert.equal(render(FE, EDITOR, v, 'answer'), '');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fe-'));
  fs.writeFileSync(path.join(dir, 'start.py'), 'x = 0\n');
  const fromFile = '<pl-file-editor file-name="s.py" source-file-name="start.py"></pl-file-editor>';
  assert.match(render(FE, fromFile, makeVariant(FE, fromFile), 'question', {}, { options: { ...phaseData('render').options, question_path: dir } }), />x = 0\n<\/textarea>/);
  const err = render(FE, EDITOR, v, 'question', { format_errors: { _files: ['No submitted answer for main.py'] } });
  assert.match(err, /invalid-feedback[^>]*>No submitted answer for main.py/);
});

test("pl-file-editor names a course's own Ace mode: clientFilesQuestion first, then clientFilesCourse", () => {
  // The lookup of PrairieLearn's elements/pl-file-editor/pl-file-editor.py (88fb855): ace/mode/<name> is the
  // file ace/mode/mode-<name>.js under the question's client files, else the course's, at the area's URL.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fe-mode-'));
  const areas = { question: path.join(dir, 'q', 'clientFilesQuestion'), course: path.join(dir, 'clientFilesCourse') };
  const options = { ...phaseData('render').options, client_files_question_path: areas.question, client_files_course_path: areas.course };
  const editor = (mode: string) => `<pl-file-editor file-name="a.txt" ace-mode="${mode}"></pl-file-editor>`;
  const modeUrl = (mode: string) => /data-ace-mode-url="([^"]*)"/.exec(render(FE, editor(mode), makeVariant(FE, editor(mode)), 'question', {}, { options }))?.[1];
  const write = (area: string, name: string) => {
    fs.mkdirSync(path.join(area, 'ace', 'mode'), { recursive: true });
    fs.writeFileSync(path.join(area, 'ace', 'mode', name), '// a mode');
  };
  write(areas.course, 'mode-walk.js');
  write(areas.course, 'mode-both.js');
  write(areas.question, 'mode-both.js');
  assert.equal(modeUrl('ace/mode/walk'), '/c/clientFilesCourse/ace/mode/mode-walk.js');
  assert.equal(modeUrl('ace/mode/both'), '/q/clientFilesQuestion/ace/mode/mode-both.js', "the question's file wins");
  assert.equal(modeUrl('ace/mode/python'), '', "Ace's own mode: no file named");
  fs.rmSync(dir, { recursive: true, force: true });
});

test('pl-file-editor test() agrees with parse', () => {
  const v = makeVariant(FE, EDITOR);
  for (const type of ['correct', 'incorrect', 'invalid'] as const) selfTest(FE, EDITOR, v, type);
});

const MA = 'pl-matching';
const MATCHING = `<pl-matching answers-name="m">
  <pl-statement match="France">Paris</pl-statement><pl-statement match="Japan">Tokyo</pl-statement><pl-statement match="Peru">Lima</pl-statement>
  <pl-option>France</pl-option><pl-option>Japan</pl-option><pl-option>Peru</pl-option><pl-option>Chile</pl-option></pl-matching>`;

function answers(v: { params: any; correct_answers: any }, wrong: number[] = []): Record<string, string> {
  const n = v.params.m[1].length;
  return Object.fromEntries(v.correct_answers.m.map((c: number, i: number) => [`m-dropdown-${i}`, String(wrong.includes(i) ? (c + 1) % n : c)]));
}

test('pl-matching prepare: statements and options in params, one option index per statement', () => {
  const v = makeVariant(MA, MATCHING);
  const [statements, options] = v.params.m;
  assert.equal(statements.length, 3);
  assert.equal(options.length, 4);
  assert.deepEqual(options.map((o: any) => o.key).sort(), ['Chile', 'France', 'Japan', 'Peru'], 'the key of an option is its name');
  statements.forEach((s: any, i: number) => {
    const country = { Paris: 'France', Tokyo: 'Japan', Lima: 'Peru' }[s.html as string];
    assert.equal(options[v.correct_answers.m[i]].html, country);
  });
  const nota = MATCHING.replace('answers-name="m"', 'answers-name="m" none-of-the-above="true"');
  assert.deepEqual(makeVariant(MA, nota).params.m[1].at(-1), { key: '__nota__', html: 'None of the above' });
  // Facts from PrairieLearn's pl-matching.py prepare: too few option slots bring in none-of-the-above,
  // and a statement whose option was left out matches it.
  const tight = MATCHING.replace('answers-name="m"', 'answers-name="m" number-options="2"');
  const tv = makeVariant(MA, tight);
  assert.equal(tv.params.m[1].length, 3);
  assert.equal(tv.params.m[1][2].key, '__nota__');
  assert.ok(tv.correct_answers.m.includes(2));
  const implicit = '<pl-matching answers-name="m"><pl-statement match="Blue">sky</pl-statement></pl-matching>';
  assert.deepEqual(makeVariant(MA, implicit).params.m[1], [{ key: 'Blue', html: 'Blue' }]);
  assert.match(elementError(MA, 'prepare', MATCHING.replace('answers-name="m"', 'answers-name="m" blank="false" allow-blank="true"'), phaseData('prepare')) ?? '', /"allow-blank" cannot be enabled/);
  assert.match(elementError(MA, 'prepare', '<pl-matching answers-name="m"><p>x</p></pl-matching>', phaseData('prepare')) ?? '', /only pl-statement and pl-option/);
});

test('pl-matching grades with partial credit by default, all-or-nothing when off', () => {
  const v = makeVariant(MA, MATCHING);
  assert.equal(submit(MA, MATCHING, v, answers(v)).partial_scores.m.score, 1);
  assert.equal(submit(MA, MATCHING, v, answers(v, [0])).partial_scores.m.score, 2 / 3);
  const strict = MATCHING.replace('answers-name="m"', 'answers-name="m" partial-credit="false"');
  const sv = makeVariant(MA, strict);
  assert.equal(submit(MA, strict, sv, answers(sv, [0])).partial_scores.m.score, 0);
});

test('pl-matching format errors are keyed by the dropdown field', () => {
  const v = makeVariant(MA, MATCHING);
  const d = submit(MA, MATCHING, v, { 'm-dropdown-0': '-1', 'm-dropdown-1': '9', 'm-dropdown-2': 'x' });
  assert.deepEqual(d.format_errors, {
    'm-dropdown-0': 'The submitted answer was left blank.',
    'm-dropdown-1': 'The submitted answer is invalid.',
    'm-dropdown-2': 'The submitted answer is not a legal option.',
  });
  assert.equal(submit(MA, MATCHING, v, {}).format_errors['m-dropdown-0'], 'No answer was submitted.');
  const blank = MATCHING.replace('answers-name="m"', 'answers-name="m" allow-blank="true"');
  const bv = makeVariant(MA, blank);
  assert.equal(submit(MA, blank, bv, { ...answers(bv), 'm-dropdown-0': '-1' }).partial_scores.m.score, 2 / 3);
});

test('pl-matching renders dropdowns, the submission with marks, and the answer', () => {
  const v = makeVariant(MA, MATCHING);
  const raw = answers(v, [1]);
  const graded = submit(MA, MATCHING, v, raw);
  const q = render(MA, MATCHING, v, 'question', { ...graded, raw_submitted_answers: raw });
  assert.equal((q.match(/<select /g) ?? []).length, 3);
  assert.match(q, new RegExp(`name="m-dropdown-0"[^>]*>.*<option value="${raw['m-dropdown-0']}" selected>`));
  assert.match(q, /badge text-bg-warning[^<]*<i[^>]*><\/i> 66%/);
  const s = render(MA, MATCHING, v, 'submission', graded);
  assert.equal((s.match(/bi-check2 text-success/g) ?? []).length, 2);
  assert.equal((s.match(/bi-x-lg text-danger/g) ?? []).length, 1);
  const a = render(MA, MATCHING, v, 'answer');
  assert.equal((a.match(/<b>[a-d]\. (France|Japan|Peru)<\/b>/g) ?? []).length, 3);
});

test('pl-matching test() agrees with parse and grade', () => {
  for (const seed of [1, 5]) {
    const v = makeVariant(MA, MATCHING, seed);
    assert.equal(selfTest(MA, MATCHING, v, 'correct').expected.partial_scores.m.score, 1);
    assert.equal(selfTest(MA, MATCHING, v, 'incorrect').expected.partial_scores.m.score, 0);
    selfTest(MA, MATCHING, v, 'invalid');
  }
});
