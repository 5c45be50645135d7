// pl-rich-text-editor and pl-image-capture in real Python: attributes, the file parse() puts into
// submitted_answers._files, the three panels, and test(), as PrairieLearn's elements/pl-rich-text-editor/
// pl-rich-text-editor.py and elements/pl-image-capture/pl-image-capture.py have them (commit 88fb855).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { elementError, phaseData, runElement } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const RTE = 'pl-rich-text-editor';
const IC = 'pl-image-capture';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');
const rteField = (file: string) => `_rich_text_editor_${sha1(file)}`;
const icField = (file: string) => `_image_capture_${sha1(file)}`;
const attr = (html: string, name: string) => {
  const m = new RegExp(`${name}="([^"]*)"`).exec(html);
  assert.ok(m, `${name} in ${html}`);
  return m[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

test('pl-rich-text-editor prepare: file names unique (its own message for the default), attribute checks', () => {
  const v = makeVariant(RTE, '<pl-rich-text-editor></pl-rich-text-editor>');
  assert.deepEqual(v.params._required_file_names, ['answer.html']);
  const twice = (a: string, b: string) => elementError(RTE, 'prepare', b, phaseData('prepare', { params: { _required_file_names: [a] } }));
  assert.match(twice('answer.html', '<pl-rich-text-editor></pl-rich-text-editor>') ?? '', /more than one rich-text editor\. File names must be provided and unique/);
  assert.match(twice('x.html', '<pl-rich-text-editor file-name="x.html"></pl-rich-text-editor>') ?? '', /more than one file editor with the same file name/);
  const bad = (html: string) => elementError(RTE, 'prepare', html, phaseData('prepare')) ?? '';
  assert.match(bad('<pl-rich-text-editor source-file-name="a.html">text</pl-rich-text-editor>'), /Existing text cannot be added/);
  assert.match(bad('<pl-rich-text-editor min-word-count="-1"></pl-rich-text-editor>'), /"min-word-count" must be larger than or equal to 0/);
  assert.match(bad('<pl-rich-text-editor max-word-count="0"></pl-rich-text-editor>'), /"max-word-count" must be larger than 0/);
  assert.match(bad('<pl-rich-text-editor min-word-count="5" max-word-count="2"></pl-rich-text-editor>'), /Invalid bounds: min-word-count \(5\) cannot exceed max-word-count \(2\)/);
  assert.match(bad('<pl-rich-text-editor min-word-count="2" counter="character"></pl-rich-text-editor>'), /"counter" must be set to "word"/);
  assert.match(bad('<pl-rich-text-editor min-word-count="2" allow-blank="true"></pl-rich-text-editor>'), /"allow-blank" cannot be true/);
  assert.match(bad('<pl-rich-text-editor quill="x"></pl-rich-text-editor>'), /quill/);
});

test('pl-rich-text-editor render: options for Quill, initial text as base64, submission read-only, no answer panel', () => {
  const html = '<pl-rich-text-editor file-name="essay.html" quill-theme="bubble" placeholder="Write" counter="character" clipboard-enabled="false"><p>Start <b>here</b> π</p></pl-rich-text-editor>';
  const v = makeVariant(RTE, html);
  const q = render(RTE, html, v, 'question');
  // PrairieLearn 88fb855, elements/pl-rich-text-editor/pl-rich-text-editor.py element_inner_html(): children
  // serialized by lxml.html.tostring() to ASCII bytes, so π is a character reference.
  assert.equal(attr(q, `name="${rteField('essay.html')}" value`), b64('<p>Start <b>here</b> &#960;</p>'));
  assert.deepEqual(JSON.parse(attr(q, 'data-options')),
    { readOnly: false, placeholder: 'Write', format: 'html', markdownShortcuts: true, counter: 'character', clipboard: false, theme: 'bubble' });
  assert.match(q, /Clipboard operations \(cut, copy, paste\) are not available for this question\./);
  assert.match(q, /class="pl-rte-counter/);
  // Bounds make the counter count words and show PrairieLearn's requirement text.
  const bounded = '<pl-rich-text-editor min-word-count="3" max-word-count="10"></pl-rich-text-editor>';
  const bq = render(RTE, bounded, makeVariant(RTE, bounded), 'question');
  assert.equal(JSON.parse(attr(bq, 'data-options')).counter, 'word');
  assert.match(bq, /\(Required 3\u201310 words\)/);
  assert.match(bq, /data-min-word-count="3" data-max-word-count="10"/);
  // A submitted file is what both panels show; the submission panel is read-only and posts nothing.
  const files = { submitted_answers: { _files: [{ name: 'essay.html', contents: b64('<p>mine</p>'), mimetype: 'text/html' }] } };
  const s = render(RTE, html, v, 'submission', files);
  assert.equal(JSON.parse(attr(s, 'data-options')).readOnly, true);
  assert.doesNotMatch(s, / name="/);
  assert.equal(attr(s, 'input type="hidden" value'), b64('<p>mine</p>'));
  assert.equal(attr(render(RTE, html, v, 'question', files), `name="${rteField('essay.html')}" value`), b64('<p>mine</p>'));
  assert.equal(JSON.parse(attr(render(RTE, html, v, 'question', {}, { editable: false }), 'data-options')).readOnly, true);
  assert.equal(render(RTE, html, v, 'answer'), '');
});

test('pl-rich-text-editor render: source-file-name read from the question or a course directory; markdown format', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rte-'));
  fs.mkdirSync(path.join(dir, 'serverFilesCourse'));
  fs.writeFileSync(path.join(dir, 'start.md'), '# Title\n\n');
  fs.writeFileSync(path.join(dir, 'serverFilesCourse', 'start.html'), '<p>course</p>');
  const options = { ...phaseData('render').options, question_path: dir, server_files_course_path: path.join(dir, 'serverFilesCourse') };
  const local = '<pl-rich-text-editor source-file-name="start.md" format="markdown"></pl-rich-text-editor>';
  const q = runElement(RTE, 'render', local, phaseData('render', { options })).html ?? '';
  assert.equal(attr(q, `name="${rteField('answer.html')}" value`), b64('# Title'), 'stripped, as PrairieLearn strips it');
  assert.equal(JSON.parse(attr(q, 'data-options')).format, 'markdown');
  const course = '<pl-rich-text-editor source-file-name="start.html" directory="serverFilesCourse"></pl-rich-text-editor>';
  assert.equal(attr(runElement(RTE, 'render', course, phaseData('render', { options })).html ?? '', 'value'), b64('<p>course</p>'));
  // A stored file with a mimetype decides the format (newer submissions are HTML).
  const sub = runElement(RTE, 'render', local, phaseData('render-submission', { options, submitted_answers: { _files: [{ name: 'answer.html', contents: b64('<p>x</p>'), mimetype: 'text/html' }] } })).html ?? '';
  assert.equal(JSON.parse(attr(sub, 'data-options')).format, 'html');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('pl-rich-text-editor parse: the file goes into _files as text/html; blank, bad base64 and word bounds', () => {
  const html = '<pl-rich-text-editor file-name="a.html" min-word-count="2" max-word-count="4"></pl-rich-text-editor>';
  const v = makeVariant(RTE, html);
  const field = rteField('a.html');
  const ok = submit(RTE, html, v, { [field]: b64('<p>one&nbsp;two <b>three</b></p>') });
  assert.deepEqual(ok.submitted_answers, { _files: [{ name: 'a.html', contents: b64('<p>one&nbsp;two <b>three</b></p>'), mimetype: 'text/html' }] });
  assert.deepEqual(ok.format_errors, {});
  assert.deepEqual(ok.partial_scores, {}, 'manual grading: no automatic score');
  assert.deepEqual(submit(RTE, html, v, {}).format_errors, { _files: ['No submitted answer for a.html'] });
  assert.deepEqual(submit(RTE, html, v, { [field]: 'not*base64' }).format_errors, { _files: ['Failed to decode submission for a.html. The file may be corrupted or invalid.'] });
  const short = submit(RTE, html, v, { [field]: b64('<p>one</p>') });
  assert.deepEqual(short.format_errors, { _files: ['a.html is too short: 1 words (minimum 2).'] });
  assert.equal(short.submitted_answers._files.length, 1, 'the file is kept even when too short');
  assert.deepEqual(submit(RTE, html, v, { [field]: b64('a b c d e') }).format_errors, { _files: ['a.html is too long: 5 words (maximum 4).'] });
  const blank = '<pl-rich-text-editor allow-blank="true"></pl-rich-text-editor>';
  assert.deepEqual(submit(RTE, blank, makeVariant(RTE, blank), {}).submitted_answers._files, [{ name: 'answer.html', contents: '', mimetype: 'text/html' }]);
});

test('pl-rich-text-editor words are counted as PrairieLearn counts them (pl-rich-text-editor_test.py cases)', () => {
  const cases: Array<[string, number]> = [['', 0], ['hello world', 2], ['<p>hello <strong>world</strong></p>', 2], ['hello  \t\tworld\n\nfrom\r\f\vpl', 4],
    ['hello&nbsp;&nbsp;world&#160;&#xA0;\u00a0from', 3], ['<p>alpha&nbsp;&nbsp;&nbsp;beta&#160;gamma&#xA0;delta</p><p>epsilon \u00a0 zeta eta theta</p>', 8]];
  const html = '<pl-rich-text-editor max-word-count="1"></pl-rich-text-editor>';
  const v = makeVariant(RTE, html);
  for (const [text, words] of cases) {
    const errors = submit(RTE, html, v, { [rteField('answer.html')]: b64(text) }).format_errors._files ?? [];
    assert.deepEqual(errors, words > 1 ? [`answer.html is too long: ${words} words (maximum 1).`] : text ? [] : ['No submitted answer for answer.html'], text);
  }
  // The page script counts the same way.
  const page = require('../../../server/python/elements/pl-rich-text-editor/pl-rich-text-editor.js');
  for (const [text, words] of cases) assert.equal(page.countWords(page.countableText(text)), words, text);
  assert.equal(page.boundsMessage(1, 3, 0), 'Too few words (2 more expected)');
  assert.equal(page.boundsMessage(6, 0, 4), 'Too many words (2 above limit)');
  assert.equal(page.counterText('word', 1), '1 word');
});

test('pl-rich-text-editor test(): enough words for the bounds; invalid is blank unless blank is allowed', () => {
  const html = '<pl-rich-text-editor min-word-count="4" max-word-count="5"></pl-rich-text-editor>';
  const v = makeVariant(RTE, html);
  const { expected } = selfTest(RTE, html, v, 'correct');
  assert.equal(Buffer.from(expected.raw_submitted_answers[rteField('answer.html')], 'base64').toString(), '<p>Test correct word0 word1</p>');
  selfTest(RTE, html, v, 'incorrect');
  assert.deepEqual(selfTest(RTE, html, v, 'invalid').expected.format_errors, { _files: ['No submitted answer for answer.html'] });
  const blank = '<pl-rich-text-editor allow-blank="true"></pl-rich-text-editor>';
  const bv = makeVariant(RTE, blank);
  assert.equal(Buffer.from(selfTest(RTE, blank, bv, 'invalid').expected.raw_submitted_answers[rteField('answer.html')], 'base64').toString(), '<p>Test blank-allowed</p>');
});

// A 2x1 PNG (red, blue), made with Pillow for this test.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGP4z8DAwPAfAAcAAf9+CLHQAAAAAElFTkSuQmCC';
const IMAGE = '<pl-image-capture file-name="work.jpg"></pl-image-capture>';

test('pl-image-capture prepare: file-name required, .jpg/.jpeg only (a format error, as PrairieLearn gives), unique', () => {
  assert.match(elementError(IC, 'prepare', '<pl-image-capture></pl-image-capture>', phaseData('prepare')) ?? '', /Required attribute "file-name" missing/);
  const png = runElement(IC, 'prepare', '<pl-image-capture file-name="w.png"></pl-image-capture>', phaseData('prepare', { format_errors: {} })).data;
  assert.deepEqual(png.format_errors, { _files: ["File 'w.png' must have extension '.jpg' or '.jpeg'."] });
  assert.match(elementError(IC, 'prepare', IMAGE, phaseData('prepare', { answers_names: { 'work.jpg': true } })) ?? '', /Duplicate "answers-name" attribute: "work.jpg"/);
  assert.deepEqual(makeVariant(IC, '<pl-image-capture file-name="A.JPEG" manual-upload-enabled="true" mobile-capture-enabled="false" allow-blank="true"></pl-image-capture>').params, {});
});

test('pl-image-capture parse: a JPEG is stored as is, a PNG converted to JPEG, the rest are format errors', () => {
  const v = makeVariant(IC, IMAGE);
  const field = icField('work.jpg');
  const jpeg = runElement(IC, 'test', IMAGE, phaseData('test', { ...v })).data.raw_submitted_answers[field];
  assert.match(jpeg, /^data:image\/jpeg;base64,\/9j\//);
  const stored = submit(IC, IMAGE, v, { [field]: jpeg });
  assert.deepEqual(stored.submitted_answers, { _files: [{ name: 'work.jpg', contents: jpeg.split(',')[1] }] });
  assert.deepEqual(stored.format_errors, {});
  assert.deepEqual(stored.partial_scores, {}, 'manual grading: no automatic score');
  const converted = submit(IC, IMAGE, v, { [field]: `data:image/png;base64,${PNG}` }).submitted_answers._files;
  assert.equal(converted.length, 1);
  assert.equal(Buffer.from(converted[0].contents, 'base64').subarray(0, 3).toString('hex'), 'ffd8ff', 'a JPEG now');
  assert.deepEqual(submit(IC, IMAGE, v, {}).format_errors, { _files: ['No image was submitted for work.jpg.'] });
  assert.deepEqual(submit(IC, IMAGE, v, { [field]: 'aGVsbG8=' }).format_errors, { _files: ['Image submission for work.jpg is not a data URI.'] });
  assert.deepEqual(submit(IC, IMAGE, v, { [field]: `data:image/jpeg;base64,${b64('hello')}` }).format_errors,
    { _files: ['Failed to load submission for work.jpg. It may not be a valid image.'] });
  // A field named after the file (an older PrairieLearn) still parses.
  assert.equal(submit(IC, IMAGE, v, { 'work.jpg': jpeg }).submitted_answers._files[0].name, 'work.jpg');
  const blank = '<pl-image-capture file-name="b.jpg" allow-blank="true"></pl-image-capture>';
  assert.deepEqual(submit(IC, blank, makeVariant(IC, blank), {}).format_errors, {});
});

test('pl-image-capture render: picker and hidden field in the question, the image in the submission, nothing as answer', () => {
  const v = makeVariant(IC, IMAGE);
  const q = render(IC, IMAGE, v, 'question');
  assert.match(q, new RegExp(`<input type="hidden" name="${icField('work.jpg')}" value="">`));
  assert.match(q, /<input type="file" accept="image\/jpeg,image\/png"/);
  assert.deepEqual(JSON.parse(attr(q, 'data-options')), { file_name: 'work.jpg', editable: true, mobile_capture_enabled: true, manual_upload_enabled: false });
  const files = { submitted_answers: { _files: [{ name: 'work.jpg', contents: PNG }] } };
  const s = render(IC, IMAGE, v, 'submission', files);
  assert.match(s, new RegExp(`<img class="pl-image-capture-preview" alt="Captured image work.jpg" src="data:image/jpeg;base64,${PNG.replace(/\+/g, '\\+')}">`));
  assert.doesNotMatch(s, /type="file"|name="/);
  // Stored contents that are not base64 never reach the page.
  const hostile = render(IC, IMAGE, v, 'submission', { submitted_answers: { _files: [{ name: 'work.jpg', contents: '"><script>x</script>' }] } });
  assert.doesNotMatch(hostile, /script|<img/);
  assert.match(render(IC, IMAGE, v, 'question', files), new RegExp(`name="${icField('work.jpg')}" value="data:image/jpeg;base64,`), 'resubmitting keeps the image');
  assert.equal(render(IC, IMAGE, v, 'answer'), '');
  assert.match(render(IC, IMAGE, v, 'submission', files, { ai_grading: true }), /data-file-name="work.jpg">work.jpg<\/div>/);
});

test('pl-image-capture test(): a 1x1 white JPEG for correct and incorrect, blank for invalid', () => {
  const v = makeVariant(IC, IMAGE);
  for (const kind of ['correct', 'incorrect'] as const) assert.equal(selfTest(IC, IMAGE, v, kind).got.submitted_answers._files.length, 1);
  assert.deepEqual(selfTest(IC, IMAGE, v, 'invalid').expected.format_errors, { _files: ['No image was submitted for work.jpg.'] });
  const page = require('../../../server/python/elements/pl-image-capture/pl-image-capture.js');
  assert.equal(page.scaledSize(1000, 2000), null);
  assert.deepEqual(page.scaledSize(4000, 3000), { width: 2000, height: 1500 });
});
