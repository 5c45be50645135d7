import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkTemplate, prepareTemplate } from '../../../server/lib/questionHtml/checkTemplate';
import { TEMPLATE_RULES } from '../../../server/lib/questionHtml/rules';
import { allCodes } from '../../../server/lib/questionHtml/courseChecks';

// Each fixture is a question.html for one rule; expected.json lists [code, covered text] of every
// diagnostic the template-only rules must report on it (and nothing else).
const dir = path.join(__dirname, 'fixtures');
const expected = JSON.parse(fs.readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Record<string, [string, string][]>;
const COURSE_ELEMENTS = new Set(['pl-course-widget']);

for (const [file, want] of Object.entries(expected)) {
  test(`fixture ${file}`, () => {
    const text = fs.readFileSync(path.join(dir, file), 'utf8');
    const got = checkTemplate(prepareTemplate(text), COURSE_ELEMENTS, {}).map((r) => [r.code, text.slice(r.start, r.end)]);
    const sort = (list: string[][]) => [...list].sort((a, b) => (a.join('\0') < b.join('\0') ? -1 : 1));
    assert.deepEqual(sort(got), sort(want));
  });
}

test('every template rule has a fixture that triggers each of its codes', () => {
  const covered = new Set(Object.values(expected).flatMap((list) => list.map(([code]) => code)));
  const templateOnly = TEMPLATE_RULES.filter((r) => r.needs === 'template').flatMap((r) => Object.keys(r.codes));
  assert.deepEqual(templateOnly.filter((c) => !covered.has(c)), []);
});

test('duplicate answers-name points at the other occurrences and suggests a free name', () => {
  const text = '<pl-number-input answers-name="x1"></pl-number-input>\n<pl-number-input answers-name="x1"></pl-number-input><pl-string-input answers-name="x2"></pl-string-input>';
  const reports = checkTemplate(prepareTemplate(text), new Set(), {}).filter((r) => r.code === 'duplicate-answers-name');
  assert.equal(reports.length, 2);
  assert.equal(reports[0].message, 'Duplicate "answers-name" attribute: "x1". Each input needs its own name, or they share one answer.');
  assert.deepEqual(reports[0].related!.map((r) => text.slice(r.start, r.end)), ['x1']);
  assert.equal(reports[0].related![0].start, text.lastIndexOf('"x1"') + 1);
  assert.equal(reports[0].data!.suggestion, 'x3');
});

test('messages name answers-name as PrairieLearn does, however the template spells it', () => {
  const text = '<pl-number-input answers_name="u1"></pl-number-input>\n<pl-number-input ANSWERS-NAME="u1"></pl-number-input>\n<pl-string-input answers_name=" "></pl-string-input>';
  const reports = checkTemplate(prepareTemplate(text), new Set(), {});
  assert.deepEqual(
    reports.filter((r) => r.code === 'duplicate-answers-name' || r.code === 'empty-answers-name').map((r) => r.message.split('.')[0]),
    ['"answers-name" attribute cannot be empty', 'Duplicate "answers-name" attribute: "u1"', 'Duplicate "answers-name" attribute: "u1"'],
  );
});

test('an unknown tag inside an element that takes only its own children is reported once, as an unexpected child', () => {
  const text = '<pl-order-blocks answers-name="o"><pl_answer correct="true">a</pl_answer><pl-answer correct="true">b</pl-answer></pl-order-blocks>';
  const codes = checkTemplate(prepareTemplate(text), new Set(), {}).map((r) => r.code);
  assert.deepEqual(codes, ['unexpected-child-element']);
});

test('a course element overrides a core element of the same name', () => {
  const text = '<pl-number-input whatever="1"></pl-number-input>';
  assert.deepEqual(checkTemplate(prepareTemplate(text), new Set(['pl-number-input']), {}), []);
  assert.deepEqual(
    checkTemplate(prepareTemplate(text), new Set(), {}).map((r) => r.code).sort(),
    ['missing-required-attribute', 'unknown-attribute'],
  );
});

test('severities follow PrairieLearn: rejections are errors, degradations warnings, deprecations (which still work) hints', () => {
  const codes = allCodes();
  for (const code of ['duplicate-answers-name', 'empty-answers-name', 'unknown-attribute', 'missing-required-attribute', 'invalid-attribute-value', 'mustache-syntax', 'unexpected-child-element', 'duplicate-file-name']) {
    assert.equal(codes.get(code)?.severity, 'error', code);
  }
  for (const code of ['deprecated-element', 'deprecated-attribute', 'deprecated-attribute-value']) assert.equal(codes.get(code)?.severity, 'hint', code);
  for (const code of ['unknown-element', 'misplaced-child-element', 'missing-element-file', 'missing-client-file', 'unknown-template-param', 'html-unclosed-element', 'html-stray-end-tag', 'question-html-skipped']) {
    assert.equal(codes.get(code)?.severity, 'warning', code);
  }
});
