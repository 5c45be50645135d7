import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gradebookErrorHtml, gradebookHtml, gradebookTable, toCsv } from '../../client/src/views/gradebook';
import type { GradebookRow } from '../../client/src/api/types';

const a = (id: string, label: string, score: number | null) => ({
  assessment_id: id,
  assessment_name: label,
  assessment_label: label,
  assessment_set_abbreviation: label.slice(0, 2),
  assessment_number: '1',
  score_perc: score,
  max_points: 10,
  points: score,
  assessment_instance_id: score == null ? null : '5',
  start_date: null,
  duration_seconds: null,
});
const rows: GradebookRow[] = [
  { user_id: '1', user_uid: 'ada@x.edu', user_uin: '123', user_name: 'Lovelace, Ada', user_role: 'Student', assessments: [a('10', 'HW1', 82.456), a('20', 'E1', null)] },
  { user_id: '2', user_uid: 'bob@x.edu', user_uin: null, user_name: '=HYPERLINK("x")', user_role: 'Student', assessments: [a('10', 'HW1', 100), a('20', 'E1', 50)] },
];

test('one row per user and one score column per assessment', () => {
  const table = gradebookTable(rows);
  assert.deepEqual(table.columns, ['UID', 'UIN', 'Name', 'Role', 'HW1', 'E1']);
  assert.deepEqual(table.rows[0], ['ada@x.edu', '123', 'Lovelace, Ada', 'Student', 82.46, null]);
  assert.deepEqual(gradebookTable([]), { columns: ['UID', 'UIN', 'Name', 'Role'], rows: [] });
});

test('CSV quotes commas and quotes and defuses spreadsheet formulas', () => {
  assert.equal(
    toCsv(gradebookTable(rows)),
    'UID,UIN,Name,Role,HW1,E1\r\nada@x.edu,123,"Lovelace, Ada",Student,82.46,\r\nbob@x.edu,,"\'=HYPERLINK(""x"")",Student,100,50\r\n',
  );
});

test('the page escapes names, sorts by data values and runs only its own nonce script', () => {
  const html = gradebookHtml('CS 225 <Fa26>', gradebookTable(rows), 'abc123', 'vscode-resource:');
  assert.match(html, /CS 225 &#60;Fa26&#62;/);
  assert.match(html, /script-src 'nonce-abc123'/);
  assert.match(html, /<td class="num" data-v="82.46">82.46%<\/td>/);
  assert.match(html, /data-v="=HYPERLINK\(&#34;x&#34;\)"/);
  assert.doesNotMatch(html, /<script>/);
});

test('the error page says what went wrong, escaped, and offers Retry under a nonce-only policy', () => {
  const html = gradebookErrorHtml('Gradebook', 'Cannot reach <b>host</b> & co', 'N0NCE', 'vscode-resource:');
  assert.ok(html.includes('Could not load the gradebook: Cannot reach &#60;b&#62;host&#60;/b&#62; &#38; co'));
  assert.match(html, /<button id="retry">Retry<\/button>/);
  assert.match(html, /script-src 'nonce-N0NCE'/);
  assert.match(html, /<script nonce="N0NCE">[\s\S]*postMessage\(\{ type: 'retry' \}\)/);
});
