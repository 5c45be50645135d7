import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BASE_COURSE, writeCourse, temporaryFolder } from '../../helpers/course';
import { allCodes } from '../../../server/lib/questionHtml/courseChecks';
import { PL_CHECK, REPO, assertNoStackTrace, runCli } from './runCli';

const UUID_A = '11111111-1111-4111-8111-111111111111';
const UUID_B = '22222222-2222-4222-8222-222222222222';
const ONE_MISTAKE_PER_RULE = path.join(__dirname, 'fixtures/one-mistake-per-rule');
/** A shell word. */
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** pl-check's ~200 KB of SARIF for the one-mistake-per-rule course, as a shell command, for tests of pipes. */
const SARIF_COMMAND = `${quote(process.execPath)} ${quote(PL_CHECK)} --format sarif ${quote(ONE_MISTAKE_PER_RULE)}`;

const question = (uuid: string) => ({ uuid, title: 'Q', topic: 'Basics', type: 'v3' });

/** One course with an error (bad JSON), a warning (duplicate UUID, with related places) and a clean question. */
function mixedCourse(root?: string): string {
  return writeCourse(
    {
      ...BASE_COURSE,
      'questions/broken/info.json': `{\n  "uuid": "${UUID_B}",\n  "title": "Broken"\n  "topic": "Basics"\n}\n`,
      'questions/dup1/info.json': question(UUID_A),
      'questions/dup2/info.json': question(UUID_A),
      'questions/fine/info.json': question('33333333-3333-4333-8333-333333333333'),
    },
    root,
  );
}

test('--help and --version print to stdout and exit 0', () => {
  const help = runCli(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: pl-check/);
  assert.match(help.stdout, /--format <human\|json\|sarif>/);
  const version = runCli(['--version']);
  assert.equal(version.status, 0);
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  assert.equal(version.stdout, `pl-check ${pkg.version}\n`);
});

test('--list-codes lists every registered code', () => {
  const r = runCli(['--list-codes']);
  assert.equal(r.status, 0);
  const listed = r.stdout.trim().split('\n').map((l) => l.split(/\s+/)[0]);
  assert.deepEqual(listed, [...allCodes().keys()]);
});

test('usage problems give one clear line on stderr and exit 2', () => {
  const empty = temporaryFolder('pl-check-');
  try {
    const cases: [string[], RegExp][] = [
      [['--bogus'], /unknown option --bogus/],
      [['--format'], /option --format needs a value/],
      [['--format', 'xml'], /unknown format "xml"/],
      [['--severity', 'not-a-code=off'], /unknown diagnostic code "not-a-code"/],
      [['--severity', 'duplicate-uuid=loud'], /unknown level "loud"/],
      [['--severity', 'duplicate-uuid'], /expects code=level/],
      [['--now', 'yesterday-ish'], /is not a date/],
      [['--help=yes'], /takes no value/],
      [['/no/such/folder'], /folder not found: \/no\/such\/folder/],
      [[path.join(REPO, 'package.json')], /not a folder/],
      [[empty], /no PrairieLearn course/],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args);
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.match(r.stderr, /^pl-check: /);
      assert.equal(r.stdout, '');
      assertNoStackTrace(r.stderr);
    }
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

test('a clean course exits 0 with a summary; the default folder is the current one', () => {
  const root = writeCourse({ ...BASE_COURSE, 'questions/q1/info.json': question(UUID_A) });
  const r = runCli([], root);
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  assert.equal(r.stdout, '0 errors, 0 warnings, 0 notes in 1 course (2 files)\n');
});

test('human output: path:line:col severity message [code], relative to the cwd, grouped by file', () => {
  const root = mixedCourse();
  const r = runCli([path.basename(root)], path.dirname(root));
  assert.equal(r.status, 1, r.stderr);
  const name = path.basename(root);
  const lines = r.stdout.split('\n');
  const problemLines = lines.filter((l) => /^\S+:\d+:\d+ /.test(l));
  assert.ok(problemLines.length >= 3, r.stdout);
  for (const line of problemLines) {
    assert.match(line, new RegExp(`^${name}/questions/\\w+/info\\.json:\\d+:\\d+ (error|warning|note) .+ \\[[a-z0-9-]+\\]$`));
  }
  // The missing comma after "Broken" on line 3 is reported where "topic" starts, line 4 column 3.
  assert.ok(lines.includes(`${name}/questions/broken/info.json:4:3 error Error parsing JSON: Comma expected. [json-syntax]`), r.stdout);
  const dup = problemLines.find((l) => l.startsWith(`${name}/questions/dup1/info.json:2:11 warning`));
  assert.ok(dup?.endsWith('[duplicate-uuid]'), r.stdout);
  // Related places are indented under their problem.
  assert.match(lines[lines.indexOf(dup!) + 1], new RegExp(`^    ${name}/questions/dup2/info\\.json:2:11 `));
  // Files are sorted and separated by one blank line.
  const files = problemLines.map((l) => l.slice(0, l.indexOf(':')));
  assert.deepEqual(files, [...files].sort());
  assert.equal(lines.filter((l) => l === '').length, new Set(files).size - 1 + 1 /* before summary */ + 1 /* final newline */);
  assert.match(lines.at(-2)!, /^\d+ errors?, 2 warnings, 0 notes in 1 course \(5 files\)$/);
});

test('a folder of courses: every course is checked, each once', () => {
  const parent = temporaryFolder('pl-check-');
  try {
    writeCourse({ ...BASE_COURSE, 'questions/q/info.json': question(UUID_A) }, path.join(parent, 'a'));
    mixedCourse(path.join(parent, 'nested/b'));
    const r = runCli([parent, path.join(parent, 'a')]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /in 2 courses \(7 files\)\n$/);
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

test('--severity overrides decide the exit status', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/dup1/info.json': question(UUID_A),
    'questions/dup2/info.json': question(UUID_A),
  });
  assert.equal(runCli([root]).status, 0, 'duplicate UUIDs are warnings');
  const raised = runCli(['--severity', 'duplicate-uuid=error', root]);
  assert.equal(raised.status, 1);
  assert.match(raised.stdout, /^2 errors, 0 warnings/m);
  const off = runCli(['--severity=duplicate-uuid=off,json-syntax=note', root]);
  assert.equal(off.status, 0);
  assert.match(off.stdout, /^0 errors, 0 warnings, 0 notes/m);
  const note = runCli(['--severity', 'duplicate-uuid=note', root]);
  assert.match(note.stdout, /info\.json:2:11 note /);
  assert.match(note.stdout, /^0 errors, 0 warnings, 2 notes/m);
});

test('--format json: an array of problems with 1-based ranges, paths relative to the cwd', () => {
  const root = mixedCourse();
  const r = runCli(['--format', 'json', '.'], root);
  assert.equal(r.status, 1);
  const problems = JSON.parse(r.stdout);
  assert.ok(Array.isArray(problems) && problems.length >= 3);
  for (const p of problems) {
    assert.deepEqual(Object.keys(p), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message', 'related']);
    assertSpan(p, root);
    assert.ok(['error', 'warning', 'information', 'hint'].includes(p.severity));
    assert.ok(allCodes().has(p.code), p.code);
    assert.equal(typeof p.message, 'string');
    for (const r of p.related) {
      assert.deepEqual(Object.keys(r), ['file', 'line', 'column', 'endLine', 'endColumn', 'message']);
      assertSpan(r, root);
    }
  }
  const dup = problems.find((p: any) => p.code === 'duplicate-uuid' && p.file === 'questions/dup1/info.json');
  assert.deepEqual(
    { line: dup.line, column: dup.column, endLine: dup.endLine, endColumn: dup.endColumn },
    { line: 2, column: 11, endLine: 2, endColumn: 11 + JSON.stringify(UUID_A).length },
  );
  assert.equal(dup.related[0].file, 'questions/dup2/info.json');
  // A clean course is an empty array, not an empty output.
  const clean = runCli(['--format=json'], writeCourse(BASE_COURSE));
  assert.equal(clean.status, 0);
  assert.deepEqual(JSON.parse(clean.stdout), []);
});

function assertSpan(s: any, root: string): void {
  assert.equal(typeof s.file, 'string');
  assert.ok(!path.isAbsolute(s.file) && !s.file.includes('\\'), s.file);
  assert.ok(fs.existsSync(path.join(root, s.file)), s.file);
  for (const k of ['line', 'column', 'endLine', 'endColumn']) assert.ok(Number.isInteger(s[k]) && s[k] >= 1, `${k}=${s[k]}`);
  assert.ok(s.endLine > s.line || (s.endLine === s.line && s.endColumn >= s.column));
}

test('--format sarif: SARIF 2.1.0 that GitHub code scanning accepts', () => {
  const parent = temporaryFolder('pl-check-');
  try {
    const root = mixedCourse(path.join(parent, 'courses/one'));
    const r = runCli(['--format', 'sarif', 'courses'], parent);
    assert.equal(r.status, 1);
    const sarif = JSON.parse(r.stdout);
    assert.equal(sarif.version, '2.1.0');
    assert.match(sarif.$schema, /sarif-2\.1\.0/);
    assert.equal(sarif.runs.length, 1);
    const run = sarif.runs[0];
    assert.equal(run.tool.driver.name, 'pl-check');
    assert.match(run.tool.driver.version, /^\d+\.\d+\.\d+/);
    const rules: any[] = run.tool.driver.rules;
    assert.deepEqual(rules.map((x) => x.id), [...allCodes().keys()]);
    for (const rule of rules) {
      assert.equal(typeof rule.shortDescription.text, 'string');
      assert.ok(rule.shortDescription.text.length > 0);
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    const base = run.originalUriBaseIds.SRCROOT.uri;
    assert.equal(base, `${pathToFileURL(path.join(parent, 'courses')).href}/`);
    assert.ok(run.results.length >= 3);
    for (const result of run.results) {
      assert.equal(rules[result.ruleIndex].id, result.ruleId);
      assert.ok(['error', 'warning', 'note'].includes(result.level));
      assert.ok(result.message.text.length > 0);
      assert.equal(result.locations.length, 1);
      for (const loc of [...result.locations, ...(result.relatedLocations ?? [])]) {
        const { artifactLocation, region } = loc.physicalLocation;
        assert.equal(artifactLocation.uriBaseId, 'SRCROOT');
        assert.match(artifactLocation.uri, /^one\/questions\/\w+\/info\.json$/);
        assert.ok(fs.existsSync(path.join(parent, 'courses', artifactLocation.uri)));
        for (const k of ['startLine', 'startColumn', 'endLine', 'endColumn']) assert.ok(Number.isInteger(region[k]) && region[k] >= 1);
      }
    }
    const dup = run.results.find((x: any) => x.ruleId === 'duplicate-uuid');
    assert.equal(dup.level, 'warning');
    assert.equal(dup.relatedLocations[0].id, 0);
    assert.match(dup.relatedLocations[0].message.text, /Also used by/);
    assert.ok(fs.existsSync(root));
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
});

const DEMO = path.join(REPO, 'server/demo-course');

test('the demo course is clean', { skip: !fs.existsSync(DEMO) && 'server/demo-course is not written yet' }, () => {
  const r = runCli([DEMO]);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^0 errors, 0 warnings, 0 notes in 1 course \(\d+ files\)\n$/);
  assert.equal(r.status, 0);
});

test('--serial (one thread) and the default (question.html files on a second thread) report the same', () => {
  const fixtures = [
    ONE_MISTAKE_PER_RULE,
    path.join(REPO, 'test/apps/languageServer/fixtures/course'),
    DEMO,
    mixedCourse(),
  ];
  for (const root of fixtures) {
    for (const format of ['human', 'json']) {
      const args = ['--format', format, '--now', '2026-03-01T12:00:00Z', root];
      const parallel = runCli(args);
      const serial = runCli(['--serial', ...args]);
      assert.equal(parallel.stderr, '', root);
      assert.ok(parallel.stdout.length > 0, root);
      assert.deepEqual(parallel, serial, `${root} (${format})`);
    }
  }
  // The fixture's question.html mistakes are among what both report.
  const codes = JSON.parse(runCli(['--format', 'json', ONE_MISTAKE_PER_RULE]).stdout).map((p: any) => p.code);
  assert.ok(codes.includes('unknown-template-param') && codes.includes('duplicate-answers-name'), codes.join(' '));
});

test('a reader that stops early (pl-check | head) ends the run quietly, keeping the exit status', () => {
  // A real pipe into `head`, which exits after 100 bytes of the ~200 KB of SARIF.
  const dir = temporaryFolder('pl-check-pipe-');
  spawnSync('sh', ['-c', `(${SARIF_COMMAND} 2>${quote(path.join(dir, 'stderr'))}; echo $? >${quote(path.join(dir, 'status'))}) | head -c 100 >/dev/null`]);
  assert.equal(fs.readFileSync(path.join(dir, 'stderr'), 'utf8'), '');
  assert.equal(fs.readFileSync(path.join(dir, 'status'), 'utf8').trim(), '1');
  fs.rmSync(dir, { recursive: true, force: true });
});

test('pl-check exits only once its output is written: a slow reader gets the whole report', () => {
  // pl-check ends with process.exit (not waiting for V8's background work); ~200 KB is more than a pipe holds.
  const dir = temporaryFolder('pl-check-slow-');
  const out = path.join(dir, 'out');
  spawnSync('sh', ['-c', `${SARIF_COMMAND} | (sleep 0.5; cat >${quote(out)})`]);
  const whole = runCli(['--format', 'sarif', ONE_MISTAKE_PER_RULE]).stdout;
  assert.ok(whole.length > 65536);
  assert.equal(fs.readFileSync(out, 'utf8'), whole);
  fs.rmSync(dir, { recursive: true, force: true });
});

test('columns are as an editor shows them: a byte order mark takes none, CRLF lines count once', () => {
  // Two UUIDs: the second is reported where it is, after the mark.
  const bom = `\ufeff{"uuid": "${UUID_A}", "title": "Q", "topic": "Basics", "type": "v3", "uuid": "${UUID_B}"}`;
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/bom/info.json': bom,
    'questions/crlf/info.json': `{\r\n  "uuid": "${UUID_B}",\r\n  "title": 7,\r\n  "topic": "Basics",\r\n  "type": "v3"\r\n}\r\n`,
  });
  const problems = JSON.parse(runCli(['--format', 'json', '.'], root).stdout);
  const at = (file: string, code: string) => problems.filter((p: any) => p.file === file && p.code === code);
  // The mark itself is reported at the start; what follows it, at its column in an editor (which hides the mark).
  const [mark, ...rest] = at('questions/bom/info.json', 'json-syntax');
  assert.deepEqual(pick(mark), { line: 1, column: 1, endLine: 1, endColumn: 1 });
  assert.equal(rest.length, 0, 'one syntax error, as PrairieLearn reports');
  const second = bom.lastIndexOf('"uuid"'); // its offset counts the mark, its editor column (1-based) does not
  const multiple = at('questions/bom/info.json', 'uuid-multiple');
  assert.deepEqual(multiple.map(pick), [{ line: 1, column: second, endLine: 1, endColumn: second + `"uuid": "${UUID_B}"`.length }]);
  assert.deepEqual(pick(at('questions/crlf/info.json', 'schema-violation')[0]), { line: 3, column: 12, endLine: 3, endColumn: 13 });
});

function pick(p: any) {
  return { line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn };
}

/**
 * Runs pl-check as a user whom permissions stop: as root (CI runs as root, and root reads anything)
 * through `setpriv` as nobody, from a copy of the bundle that user can read; else as the current user.
 */
function runCliUnprivileged(args: string[], cwd: string): ReturnType<typeof spawnSync> {
  const isRoot = process.getuid?.() === 0;
  const dir = temporaryFolder('pl-check-bin-');
  fs.chmodSync(dir, 0o755);
  const bundle = path.join(dir, 'plCheck.js');
  fs.copyFileSync(PL_CHECK, bundle);
  fs.chmodSync(bundle, 0o644);
  const command = isRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath] : [process.execPath];
  const r = spawnSync(command[0], [...command.slice(1), bundle, ...args], { cwd, encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  return r;
}

test('unreadable files and folders are read errors where they are, never an empty course', () => {
  const root = writeCourse({
    ...BASE_COURSE,
    'questions/fine/info.json': question(UUID_A),
    'questions/closed/info.json': question(UUID_B),
    'questions/fine/question.html': '<p>Hello</p>',
    'questions/locked/q/info.json': question('33333333-3333-4333-8333-333333333333'),
    'courseInstances/Fa26/infoCourseInstance.json': { uuid: '44444444-4444-4444-8444-444444444444' },
  });
  const modes: [string, number][] = [
    ['.', 0o755],
    ['questions/closed/info.json', 0o000],
    ['questions/fine/question.html', 0o000],
    // Entered but not listed: its info.json is missing, and what is inside cannot be known.
    ['questions/locked', 0o311],
    ['courseInstances', 0o311],
  ];
  for (const [rel, mode] of modes) fs.chmodSync(path.join(root, rel), mode);
  try {
    for (const mode of [[], ['--serial']]) {
      const r = runCliUnprivileged([...mode, '--format', 'json', '.'], root);
      assert.equal(r.stderr, '');
      assert.equal(r.status, 1, String(r.stdout));
      const problems = JSON.parse(String(r.stdout)).map((p: any) => `${p.file} ${p.code} ${p.message}`);
      assert.deepEqual(problems, [
        'courseInstances read-error Error reading directory courseInstances: EACCES. PrairieLearn cannot sync a course with a folder it cannot list; fix its permissions.',
        'questions/closed/info.json read-error Error reading JSON file questions/closed/info.json: EACCES',
        'questions/fine/question.html question-html-skipped question.html is not checked: it cannot be read (EACCES), so PrairieLearn cannot render the question either. Fix its permissions.',
        'questions/locked read-error Error reading directory questions/locked: EACCES. PrairieLearn cannot sync a course with a folder it cannot list; fix its permissions.',
      ]);
    }
  } finally {
    for (const [rel] of modes) fs.chmodSync(path.join(root, rel), 0o755);
    for (const file of ['questions/closed/info.json', 'questions/fine/question.html']) fs.chmodSync(path.join(root, file), 0o644);
  }
});

test('a course that declares no tags: one note per kind in infoCourse.json, the per-use hints left out of the human output', () => {
  const files: Record<string, object> = { 'infoCourse.json': { name: 'TST 101', title: 'Test', topics: [] } };
  for (let i = 0; i < 40; i++) {
    files[`questions/q${i}/info.json`] = { uuid: `44444444-4444-4444-8444-${String(i).padStart(12, '0')}`, title: 'Q', topic: `T${i % 7}`, tags: [`tag${i}`, 'common'], type: 'v3' };
  }
  const root = writeCourse(files);
  const r = runCli([], root);
  assert.equal(r.status, 0, r.stderr);
  const problemLines = r.stdout.split('\n').filter((l) => /^\S+:\d+:\d+ /.test(l));
  assert.deepEqual(
    problemLines.map((l) => l.replace(/ .*\[/, ' [')),
    ['infoCourse.json:1:1 [undeclared-tags]', 'infoCourse.json:4:3 [undeclared-topics]'],
  );
  assert.match(r.stdout, /infoCourse\.json:1:1 note 41 tags used by questions are not declared in infoCourse\.json \(it has no "tags" list\): "tag0", "common", "tag1", "tag10", "tag11" and 36 more\. PrairieLearn creates them with color gray1\. \[undeclared-tags\]/);
  assert.match(r.stdout, /^0 errors, 0 warnings, 2 notes in 1 course \(41 files\); 120 hints not shown \(--severity CODE=note shows a code's\)$/m);
  // The JSON output keeps the hints, and a severity setting brings one code back.
  const json = JSON.parse(runCli(['--format', 'json'], root).stdout) as { code: string }[];
  assert.equal(json.filter((d) => d.code === 'undeclared-tag').length, 80);
  const shown = runCli(['--severity', 'undeclared-topic=note,undeclared-tags=off'], root);
  assert.match(shown.stdout, /^0 errors, 0 warnings, 41 notes in 1 course \(41 files\); 80 hints not shown/m);
});
