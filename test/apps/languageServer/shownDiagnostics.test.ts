// What the diagnostics scheduler lets through to the editor of a file's diagnostics, by whether the
// file is open and whether the whole workspace is checked (prairielearn.validation.workspace).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CourseDiagnostic } from '../../../server/lib/course/diagnostic';
import { shownDiagnostics } from '../../../server/apps/languageServer/diagnosticsScheduler';
import { DEFAULT_SETTINGS } from '../../../server/apps/languageServer/settings';

const at = (code: string): CourseDiagnostic => ({ file: '/c/questions/q/info.json', range: { start: 0, end: 1 }, severity: 'error', code, message: code });
const syntax = at('json-syntax');
const schema = at('schema');
const workspaceOff = { ...DEFAULT_SETTINGS, workspace: false };

test('a closed file shows its diagnostics, syntax errors included, only when the workspace is checked', () => {
  assert.deepEqual(shownDiagnostics([syntax, schema], false, DEFAULT_SETTINGS), [syntax, schema]);
  assert.deepEqual(shownDiagnostics([syntax, schema], false, workspaceOff), []);
});

test("an open file shows everything but JSON syntax errors, which the editor's own JSON support reports", () => {
  assert.deepEqual(shownDiagnostics([syntax, schema], true, DEFAULT_SETTINGS), [schema]);
  assert.deepEqual(shownDiagnostics([syntax, schema], true, workspaceOff), [schema]);
});

test('an open file without syntax errors shows all of its diagnostics', () => {
  const warning: CourseDiagnostic = { ...schema, severity: 'warning', code: 'unused-topic' };
  assert.deepEqual(shownDiagnostics([schema, warning], true, DEFAULT_SETTINGS), [schema, warning]);
  assert.deepEqual(shownDiagnostics([], true, DEFAULT_SETTINGS), []);
});
