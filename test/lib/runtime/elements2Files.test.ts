// pl-file-upload, pl-file-download, pl-file-preview and pl-external-grader-results in real Python (PrairieLearn's elements/<name>/<name>.py).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { elementError, phaseData, runElement } from './elementHarness';
import { makeVariant, render, selfTest, submit } from './fixtures/elements2/lifecycle';

const UP = 'pl-file-upload';
const UPLOAD = '<pl-file-upload file-names="a.py, b.txt" optional-file-names="notes.md" file-patterns="*.csv"></pl-file-upload>';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const uploadField = (v: any, html: string) => {
  const q = render(UP, html, v, 'question');
  const m = /<input type="hidden" name="(_file_upload_[0-9a-f]{40})"/.exec(q);
  assert.ok(m, q);
  return m[1];
};

test('pl-file-upload prepare: required names recorded; needs some name; no slashes', () => {
  const v = makeVariant(UP, UPLOAD);
  assert.deepEqual(v.params._required_file_names, ['a.py', 'b.txt']);
  assert.match(elementError(UP, 'prepare', '<pl-file-upload></pl-file-upload>', phaseData('prepare')) ?? '', /at least one/);
  assert.match(elementError(UP, 'prepare', '<pl-file-upload file-names="x/y.py"></pl-file-upload>', phaseData('prepare')) ?? '', /"\/"/);
});

test('pl-file-upload parse keeps allowed files and reports missing ones under _files and the field', () => {
  const v = makeVariant(UP, UPLOAD);
  const field = uploadField(v, UPLOAD);
  const files = [{ name: 'a.py', contents: b64('x=1') }, { name: 'b.txt', contents: b64('hi') }, { name: 'data.csv', contents: b64('1,2') }, { name: 'evil.sh', contents: b64('rm') }];
  const d = submit(UP, UPLOAD, v, { [field]: JSON.stringify(files) });
  assert.deepEqual(d.submitted_answers._files.map((f: any) => f.name), ['a.py', 'b.txt', 'data.csv'], 'evil.sh dropped');
  assert.deepEqual(d.format_errors, {});
  const missing = submit(UP, UPLOAD, v, { [field]: JSON.stringify([files[0]]) });
  assert.deepEqual(missing.format_errors._files, ['The following required files were missing: b.txt', 'The following required file patterns were missing: *.csv']);
  assert.deepEqual(missing.format_errors[field], missing.format_errors._files);
  assert.deepEqual(submit(UP, UPLOAD, v, {}).format_errors._files, ['No submitted answer for file upload.']);
  // Unreadable JSON is reported, then checked as no files, so the missing ones are listed too
  // (elements/pl-file-upload/pl-file-upload.py parse, 88fb855).
  assert.deepEqual(submit(UP, UPLOAD, v, { [field]: '{not json' }).format_errors[field],
    ['Could not parse submitted files.', 'The following required files were missing: a.py, b.txt', 'The following required file patterns were missing: *.csv']);
  // Patterns match case-insensitively, as PrairieLearn's glob-to-regex matching does (pl-file-upload.py match_regex_with_files).
  const upper = submit(UP, UPLOAD, v, { [field]: JSON.stringify([files[0], files[1], { name: 'DATA.CSV', contents: b64('3') }]) });
  assert.deepEqual(upper.submitted_answers._files.map((f: any) => f.name), ['a.py', 'b.txt', 'DATA.CSV']);
});

test('pl-file-upload field name is PrairieLearn\'s: sha1 of the attributes joined by /, // and ////', () => {
  // Source: PrairieLearn apps/prairielearn/elements/pl-file-upload/pl-file-upload.py get_answer_name.
  const v = makeVariant(UP, UPLOAD);
  assert.equal(uploadField(v, UPLOAD), `_file_upload_${createHash('sha1').update('a.py, b.txt/notes.md//*.csv').digest('hex')}`);
  const twoPatterns = '<pl-file-upload file-patterns="*.py, *.py"></pl-file-upload>';
  const tv = makeVariant(UP, twoPatterns);
  const f = uploadField(tv, twoPatterns);
  assert.equal(f, `_file_upload_${createHash('sha1').update('//*.py, *.py').digest('hex')}`);
  const one = submit(UP, twoPatterns, tv, { [f]: JSON.stringify([{ name: 'x.py', contents: b64('1') }]) });
  assert.deepEqual(one.format_errors._files, ['The following required file patterns were missing: *.py'], 'each required pattern needs its own file');
});

test('pl-file-upload renders the file list in the question panel only; test() agrees with parse', () => {
  const v = makeVariant(UP, UPLOAD);
  const q = render(UP, UPLOAD, v, 'question');
  assert.match(q, /<input type="file"[^>]*multiple/);
  assert.match(q, /<code>notes.md<\/code> \(optional\)/);
  assert.equal(render(UP, UPLOAD, v, 'submission'), '');
  for (const type of ['correct', 'incorrect', 'invalid'] as const) selfTest(UP, UPLOAD, v, type);
});

test('pl-file-download: static file checked at prepare, link with download; dynamic link under the generated-files URL', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fd-'));
  fs.writeFileSync(path.join(dir, 'data set.csv'), '1,2\n');
  const html = '<pl-file-download file-name="data set.csv"></pl-file-download>';
  const options = { ...phaseData('render').options, client_files_question_path: dir };
  runElement('pl-file-download', 'prepare', html, phaseData('prepare', { options }));
  assert.match(elementError('pl-file-download', 'prepare', '<pl-file-download file-name="nope.csv"></pl-file-download>', phaseData('prepare', { options })) ?? '',
    /File "nope.csv" not found in directory "clientFilesQuestion"\./);
  assert.match(elementError('pl-file-download', 'prepare', '<pl-file-download file-name="a" directory="serverFilesCourse"></pl-file-download>', phaseData('prepare')) ?? '', /Invalid directory choice/);
  const link = runElement('pl-file-download', 'render', html, phaseData('render', { options })).html;
  assert.equal(link, '<a href="/q/clientFilesQuestion/data%20set.csv" download="data set.csv" class="pl-file-download">data set.csv</a>');
  const dynamic = runElement('pl-file-download', 'render', '<pl-file-download file-name="out.txt" type="dynamic" force-download="false" label="Get it"></pl-file-download>', phaseData('render')).html;
  assert.equal(dynamic, '<a href="/q/generatedFilesQuestion/variant/1/out.txt" target="_blank" rel="noopener" class="pl-file-download">Get it</a>');
  assert.match(elementError('pl-file-download', 'render', '<pl-file-download file-name="o" type="dynamic" directory="clientFilesCourse"></pl-file-download>', phaseData('render')) ?? '', /directory/);
});

test('pl-file-preview lists submitted files by name in the submission panel only', () => {
  const files = [{ name: 'z.py', contents: b64('print("<z>")') }, { name: 'a.bin', contents: Buffer.from([0xff, 0x00]).toString('base64') }];
  const data = phaseData('render-submission', { submitted_answers: { _files: files }, format_errors: { _files: ['No submitted answer for x'] } });
  data.options.submission_files_url = '/sub/7/file';
  const html = runElement('pl-file-preview', 'render', '<pl-file-preview></pl-file-preview>', data).html ?? '';
  assert.ok(html.indexOf('a.bin') < html.indexOf('z.py'), 'sorted by name');
  assert.match(html, /href="\/sub\/7\/file\/z.py"/);
  assert.match(html, /print\(&quot;&lt;z&gt;&quot;\)/);
  assert.match(html, /Binary file, no preview/);
  assert.match(html, /alert-danger[^>]*>No submitted answer for x/);
  assert.equal(runElement('pl-file-preview', 'render', '<pl-file-preview></pl-file-preview>', phaseData('render-question')).html, '');
});

test('pl-external-grader-results shows score, message, output with ANSI colours, tests with points', () => {
  const feedback = {
    succeeded: true,
    results: {
      score: 0.675, message: 'Good try', output: '\u001b[31mFAIL\u001b[0m <done>', gradable: true,
      tests: [{ name: 'adds', description: 'a + b', points: 1, max_points: 1 }, { name: 'subs', message: 'off by one', points: 0, max_points: 2, output: 'x' }],
    },
  };
  const data = phaseData('render-submission', { feedback, format_errors: { _external_grader: ['could not compile'] } });
  const html = runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>', data).html ?? '';
  assert.match(html, /Score: 67.5%/);
  assert.match(html, /<span style="color: #c00">FAIL<\/span> &lt;done&gt;/);
  assert.match(html, /adds <span class="badge text-bg-success">1\/1<\/span>/);
  assert.match(html, /subs <span class="badge text-bg-danger">0\/2<\/span>/);
  assert.match(html, /Test points: 1\/3/);
  assert.match(html, /off by one/);
  assert.match(html, /could not compile/);
  const noPoints = { succeeded: true, results: { score: 1, tests: [{ name: 't1', points: 1 }] } };
  assert.doesNotMatch(runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>',
    phaseData('render-submission', { feedback: noPoints })).html ?? '', /badge/);
  assert.match(runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>',
    phaseData('render-submission', { feedback: { succeeded: false, message: 'timeout' } })).html ?? '', /autograder failed\. timeout/);
  // succeeded missing counts as not succeeded (PrairieLearn's pl-external-grader-results.py).
  assert.match(runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>',
    phaseData('render-submission', { feedback: { results: { score: 1 } } })).html ?? '', /autograder failed/);
  assert.match(runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>',
    phaseData('render-submission')).html ?? '', /No grading results yet/);
  assert.equal(runElement('pl-external-grader-results', 'render', '<pl-external-grader-results></pl-external-grader-results>', phaseData('render-answer')).html, '');
});
