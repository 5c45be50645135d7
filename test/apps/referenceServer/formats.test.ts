import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDateHuman, formatDateIso, formatDateUtc, formatInterval } from '../../../server/apps/referenceServer/api/dates';
import { blueBright, dim, green, redBright } from '../../../server/apps/referenceServer/sync/ansi';
import { shellJoin } from '../../../server/apps/referenceServer/sync/shellQuote';
import { matchByUuidThenPath } from '../../../server/apps/referenceServer/sync/matchEntities';
import { parseOptions } from '../../../server/apps/referenceServer/options';
import { gradebookBytes, type GradebookRow } from '../../../server/apps/referenceServer/api/gradebookJson';

test('format 1: zone offset with minutes, seconds truncated, +00:00 for UTC', () => {
  const d = new Date('2018-01-01T12:00:00.999Z');
  assert.equal(formatDateIso(d, 'America/Chicago'), '2018-01-01T06:00:00-06:00');
  assert.equal(formatDateIso(d, 'Asia/Kolkata'), '2018-01-01T17:30:00+05:30');
  assert.equal(formatDateIso(d, 'UTC'), '2018-01-01T12:00:00+00:00');
  assert.equal(formatDateIso(new Date('2018-07-01T12:00:00Z'), 'America/Chicago'), '2018-07-01T07:00:00-05:00');
  assert.equal(formatDateIso(new Date('2018-01-01T05:59:59.9Z'), 'America/Chicago'), '2017-12-31T23:59:59-06:00');
  assert.equal(formatDateIso(null, 'UTC'), null);
});

test('format 2: UTC with three fraction digits', () => {
  assert.equal(formatDateUtc(new Date('2018-01-01T12:00:00Z')), '2018-01-01T12:00:00.000Z');
  assert.equal(formatDateUtc(null), null);
});

test('format 3: human form with the en-US short zone name', () => {
  const d = new Date('2018-01-01T12:00:00Z');
  assert.equal(formatDateHuman(d, 'America/Chicago'), '2018-01-01 06:00:00 (CST)');
  assert.equal(formatDateHuman(d, 'UTC'), '2018-01-01 12:00:00 (UTC)');
  assert.equal(formatDateHuman(d, 'Asia/Kolkata'), '2018-01-01 17:30:00 (GMT+5:30)');
});

test('formatInterval: d h min s parts, 0s, signed parts', () => {
  assert.equal(formatInterval(0), '0s');
  assert.equal(formatInterval(3_600_000), '1h');
  assert.equal(formatInterval(90_061_000), '1d 1h 1min 1s');
  assert.equal(formatInterval(-61_000), '-1min -1s');
});

test('ANSI colours as chalk writes them, re-opened after every line break', () => {
  assert.equal(blueBright('Command: git fetch\n'), '\u001b[94mCommand: git fetch\u001b[39m\n\u001b[94m\u001b[39m');
  assert.equal(dim('x'), '\u001b[2mx\u001b[22m');
  assert.equal(redBright('a'), '\u001b[91ma\u001b[39m');
  assert.equal(green('✓ Course sync successful'), '\u001b[32m✓ Course sync successful\u001b[39m');
});

test('shlex.join quotes only unsafe arguments', () => {
  assert.equal(shellJoin(['git', 'clone', '-b', 'master', '/tmp/a b', "it's", '']), "git clone -b master '/tmp/a b' 'it'\"'\"'s' ''");
  assert.equal(shellJoin(['git', 'reset', '--hard', 'origin/main']), 'git reset --hard origin/main');
});

test('entity matching: UUID first, then path; a row with another UUID is not taken by path', () => {
  const rows = [
    { id: '1', uuid: 'u1', path: 'a' },
    { id: '2', uuid: 'u2', path: 'b' },
    { id: '3', uuid: null, path: 'c' },
  ];
  const files = [
    { uuid: 'u1', path: 'renamed' },
    { uuid: undefined, path: 'c' },
    { uuid: 'u9', path: 'b' },
  ];
  const { ids, unmatched } = matchByUuidThenPath(files, rows, (f) => f);
  assert.deepEqual(ids, ['1', '3', undefined]);
  assert.deepEqual(unmatched.map((r) => r.id), ['2']);
});

test('options: flags override environment variables; bad values are refused', () => {
  const o = parseOptions(['--port', '4000', '--students=10'], { PORT: '5000', HOST: '0.0.0.0', SEED: '3' });
  assert.equal(o.port, 4000);
  assert.equal(o.host, '0.0.0.0');
  assert.equal(o.students, 10);
  assert.equal(o.seed, 3);
  assert.equal(o.dataDir, '.reference-data');
  assert.throws(() => parseOptions(['--port', 'x'], {}), /non-negative integer/);
  assert.throws(() => parseOptions(['--nope'], {}), /unknown option/);
  assert.equal(parseOptions(['--help'], {}).help, true);
});

test('the gradebook writer gives the bytes of JSON.stringify(body, null, 2)', () => {
  const fields = [
    { user_id: '7', user_uid: 'a@x.edu', user_uin: null, user_name: 'Zoë "Z" Ünal\n', user_role: 'Student' },
    { user_id: '8', user_uid: 'b@x.edu', user_uin: '123', user_name: null, user_role: 'Staff' },
    { user_id: '9', user_uid: 'c@x.edu', user_uin: '4', user_name: 'C', user_role: 'None' },
  ];
  const assessments = [
    { assessment_id: '2', assessment_name: 'HW1', assessment_label: 'HW1', assessment_set_abbreviation: 'HW', assessment_number: '1' },
    { assessment_id: '3', assessment_name: null, assessment_label: 'E1', assessment_set_abbreviation: 'E', assessment_number: '1' },
  ];
  // As PostgreSQL writes the cells: its float text (exponents from 1e-05 and 1e+15 on, "-0"), in any
  // order; assessment 77 is not in the list.
  const cells = [
    null,
    '3,0.30000000000000004,10,1e-07,99,1735732800,12.5;77,1,1,1,1,1,1;2,-0,1e+16,null,5,null,1.5e-05',
    '2,100,4,4,12345678901234567,-86401,null',
  ];
  const values: Record<string, (number | string | null)[]> = {
    '8/3': [0.30000000000000004, 10, 1e-7, '99', Date.UTC(2025, 0, 1, 12, 0, 0), 12.5],
    '8/2': [-0, 1e16, null, '5', null, 1.5e-5],
    '9/2': [100, 4, 4, '12345678901234567', -86_401_000, null],
  };
  const rows: GradebookRow[] = fields.map((u, i) => ({ ...u, cells: cells[i] }));
  const expected = fields.map((u) => ({
    ...u,
    assessments: assessments.map((a) => {
      const c = values[`${u.user_id}/${a.assessment_id}`] ?? [null, null, null, null, null, null];
      return {
        ...a,
        score_perc: c[0],
        max_points: c[1],
        points: c[2],
        assessment_instance_id: c[3],
        start_date: c[4] === null ? null : formatDateIso(new Date(c[4]), 'Asia/Kolkata'),
        duration_seconds: c[5],
      };
    }),
  }));
  const text = (b: { body: Buffer }) => b.body.toString('utf8');
  const first = gradebookBytes(rows, assessments, 'Asia/Kolkata');
  assert.equal(text(first), JSON.stringify(expected, null, 2));
  // A released buffer is written over by the next answer.
  first.release();
  const noCells = rows.map((r) => ({ ...r, cells: null }));
  const emptyCell = { score_perc: null, max_points: null, points: null, assessment_instance_id: null, start_date: null, duration_seconds: null };
  const empty = fields.map((u) => ({ ...u, assessments: assessments.map((a) => ({ ...a, ...emptyCell })) }));
  assert.equal(text(gradebookBytes(noCells, assessments, 'UTC')), JSON.stringify(empty, null, 2));
  assert.equal(text(gradebookBytes(rows, [], 'UTC')), JSON.stringify(fields.map((u) => ({ ...u, assessments: [] })), null, 2));
  assert.equal(text(gradebookBytes([], assessments, 'UTC')), '[]');
});
