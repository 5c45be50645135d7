// The one code registry: every code once, with a severity and a description; the table in
// docs/checks.md is the registry's (run with PL_UPDATE_DOCS=1 to rewrite it after changing a code).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeTableMarkdown, diagnosticCodes, QUESTION_TEST_CODES } from '../../../server/lib/runtime/diagnosticCodes';

const CHECKS_MD = path.resolve(__dirname, '..', '..', '..', 'docs', 'checks.md');
const TABLE = /(<!-- code table:[^\n]*-->\n)([\s\S]*?)(\n<!-- end of code table -->)/;

test('the registry holds the checkers\' codes, and the question run\'s only when asked', () => {
  const plain = diagnosticCodes();
  const all = diagnosticCodes({ questionTests: true });
  assert.ok(plain.has('duplicate-uuid') && plain.has('unknown-attribute'), 'info-file and question.html codes');
  assert.ok(!plain.has('server-py-error'));
  assert.equal(all.size, plain.size + Object.keys(QUESTION_TEST_CODES).length, 'no code is declared twice');
  for (const [code, info] of all) {
    assert.match(code, /^[a-z0-9]+(-[a-z0-9]+)*$/, `${code}: kebab-case`);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(info.severity), `${code}: severity`);
    assert.ok(info.description.length > 10, `${code}: a description`);
  }
});

test('docs/checks.md lists exactly the registry\'s codes', () => {
  const text = fs.readFileSync(CHECKS_MD, 'utf8');
  const m = TABLE.exec(text);
  assert.ok(m, 'docs/checks.md has the code table markers');
  const table = codeTableMarkdown();
  if (process.env.PL_UPDATE_DOCS === '1' && m[2] !== table) fs.writeFileSync(CHECKS_MD, text.replace(TABLE, `$1${table.replace(/\$/g, '$$$$')}$3`));
  else assert.equal(m[2], table, 'the code table is stale: run this test with PL_UPDATE_DOCS=1');
});
