// A seeded fuzz test: copies of the demo course (which has no findings) with files mutated in the
// classes of hostile input, through pl-check and the language server. Nothing may crash or hang,
// findings stay capped, and each mutation that is due a diagnostic gets it on its file.
// Bounded: ROUNDS pl-check runs and LSP_OPERATIONS requests, each run under a time limit.
// PL_FUZZ_SEED=<n> runs another seed, PL_FUZZ_LSP_OPERATIONS=<n> more requests, PL_FUZZ_DEBUG=1 prints the mutations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { MAX_FINDINGS_PER_CODE } from '../../server/lib/course/diagnostic';
import { assertNoStackTrace, PL_CHECK, REPO } from '../apps/plCheck/runCli';
import { LspClient, positionAt, temporaryFolder, type Diagnostic } from '../apps/languageServer/lspClient';

const SEED = Number(process.env.PL_FUZZ_SEED ?? 15);
const ROUNDS = 8;
const MUTATIONS_PER_ROUND = 5;
const LSP_OPERATIONS = Number(process.env.PL_FUZZ_LSP_OPERATIONS ?? 300);
const DEMO = path.join(REPO, 'server/demo-course');
const posix = process.platform !== 'win32';

/** mulberry32: a small seeded generator, so that a failure can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { int, pick };
}
type Random = ReturnType<typeof generator>;

/** What a mutation is due: a diagnostic with one of `codes` on `file` (course-relative), or nothing in particular. */
interface Due {
  what: string;
  file?: string;
  codes?: string[];
}

const PUNCTUATION = ['"', '{', '}', '[', ']', ':', ',', '\\', '\n', ' ', '\u0000', '\u001b', 'é', '\ud83d', '0', 'true', '//'];

/** Random edits of a text: insertions of JSON punctuation and deletions, the way a half-typed file looks. */
function scramble(text: string, r: Random, edits = 1 + r.int(5)): string {
  for (let i = 0; i < edits; i++) {
    const at = r.int(text.length + 1);
    text = text.slice(0, at) + (r.int(3) === 0 ? '' : r.pick(PUNCTUATION)) + text.slice(at + r.int(3));
  }
  return text;
}

function jsonFails(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

const deepJson = (r: Random, uuid: string) => {
  const depth = 1500 + r.int(6000);
  const [open, close] = r.int(2) ? ['[', ']'] : ['{"a":', '}'];
  return `{"uuid": "${uuid}", "x": ${open.repeat(depth)}1${close.repeat(depth)}}`;
};

type Mutation = (root: string, question: string, r: Random) => Due;

/** The classes of hostile input; each changes one question folder (course-relative `question`). */
const MUTATIONS: Record<string, Mutation> = {
  scrambledInfo(root, q, r) {
    const file = `${q}/info.json`;
    const text = scramble(fs.readFileSync(path.join(root, file), 'utf8'), r);
    fs.writeFileSync(path.join(root, file), text);
    // The UUID may be what broke, so any diagnostic will do; none is due when the text is still JSON.
    return jsonFails(text) ? { what: 'scrambled JSON', file } : { what: 'scrambled, still JSON' };
  },
  truncatedInfo(root, q, r) {
    const file = `${q}/info.json`;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const cut = text.slice(0, r.int(text.length - 2) + 1);
    fs.writeFileSync(path.join(root, file), cut);
    return { what: 'truncated JSON', file };
  },
  deepInfo(root, q, r) {
    const file = `${q}/info.json`;
    const uuid = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')).uuid;
    fs.writeFileSync(path.join(root, file), deepJson(r, uuid));
    return { what: 'deep JSON', file, codes: ['json-too-deep'] };
  },
  fifoInfo(root, q) {
    if (!posix) return { what: 'named pipe (skipped off POSIX)' };
    const file = `${q}/info.json`;
    fs.rmSync(path.join(root, file));
    assert.equal(spawnSync('mkfifo', [path.join(root, file)]).status, 0);
    return { what: 'named pipe', file, codes: ['read-error'] };
  },
  endlessQuestionHtml(root, q) {
    if (!posix) return { what: 'link to /dev/zero (skipped off POSIX)' };
    const file = `${q}/question.html`;
    fs.rmSync(path.join(root, file), { force: true });
    fs.symlinkSync('/dev/zero', path.join(root, file));
    return { what: 'question.html -> /dev/zero', file, codes: ['question-html-skipped'] };
  },
  loopLink(root, q, r) {
    if (!posix) return { what: 'folder link loop (skipped off POSIX)' };
    // Beside the question, where discovery looks (it does not look inside a question's folder).
    const topic = path.posix.dirname(q);
    const up = '../'.repeat(1 + r.int(topic.split('/').length));
    const link = `${topic}/loop${r.int(1000)}`;
    fs.symlinkSync(up, path.join(root, link));
    return { what: `folder link to ${up}`, file: link, codes: ['read-error'] };
  },
  escapeName(root, q) {
    const renamed = `${q}\u001b[31m\u0007x`;
    fs.renameSync(path.join(root, q), path.join(root, renamed));
    fs.writeFileSync(path.join(root, renamed, 'info.json'), '{');
    return { what: 'control characters in a folder name', file: `${renamed}/info.json`, codes: ['json-syntax'] };
  },
  manyTags(root, q, r) {
    const file = `${q}/info.json`;
    const info = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    info.tags = Array.from({ length: 200 + r.int(20_000) }, (_, i) => `fuzz${i}`);
    fs.writeFileSync(path.join(root, file), JSON.stringify(info));
    return { what: 'many undeclared tags', file, codes: ['undeclared-tag'] };
  },
  manyKeys(root, q, r) {
    const file = `${q}/info.json`;
    const info = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
    for (let i = 0, n = 200 + r.int(30_000); i < n; i++) info[`fuzz${i}`] = i;
    fs.writeFileSync(path.join(root, file), JSON.stringify(info));
    return { what: 'many unknown keys', file, codes: ['schema-violation'] };
  },
  templateFlood(root, q, r) {
    const piece = r.pick(['{{#a}}', '{{/a}}', '<div>', '</span>', '{{#a}}<div>', '<pl-question-panel>', '<script>{{x}}</script>', '{{']);
    const times = 1000 + r.int(50_000);
    fs.writeFileSync(path.join(root, q, 'question.html'), piece.repeat(times));
    return { what: `question.html of ${piece} ${times} times` };
  },
  scrambledQuestionHtml(root, q, r) {
    const file = path.join(root, q, 'question.html');
    if (fs.existsSync(file)) fs.writeFileSync(file, scramble(fs.readFileSync(file, 'utf8'), r, 5 + r.int(20)));
    return { what: 'scrambled question.html' };
  },
};

function questionFolders(root: string): string[] {
  const out: string[] = [];
  for (const topic of fs.readdirSync(path.join(root, 'questions'))) {
    for (const q of fs.readdirSync(path.join(root, 'questions', topic))) {
      if (fs.existsSync(path.join(root, 'questions', topic, q, 'info.json'))) out.push(`questions/${topic}/${q}`);
    }
  }
  return out.sort();
}

/** A copy of the demo course with `count` mutations, each in its own question folder. */
function mutatedCourse(r: Random, count: number): { root: string; due: Due[]; untouched: string[] } {
  const root = temporaryFolder('pl-fuzz-');
  fs.cpSync(DEMO, root, { recursive: true });
  const folders = questionFolders(root);
  const due: Due[] = [];
  for (let i = 0; i < count && folders.length > 0; i++) {
    const q = folders.splice(r.int(folders.length), 1)[0];
    const name = r.pick(Object.keys(MUTATIONS));
    const mutation = MUTATIONS[name](root, q, r);
    due.push({ ...mutation, what: `${name}: ${q} (${mutation.what})` });
  }
  return { root, due, untouched: folders };
}

interface Found {
  file: string;
  code: string;
  message: string;
}

test(`pl-check on ${ROUNDS} mutated copies of the demo course (seed ${SEED}): no crash, no hang, a diagnostic where one is due`, () => {
  const r = generator(SEED);
  for (let round = 0; round < ROUNDS; round++) {
    const { root, due } = mutatedCourse(r, MUTATIONS_PER_ROUND);
    const context = `seed ${SEED}, round ${round}: ${due.map((d) => d.what).join('; ')}`;
    const run = spawnSync(process.execPath, [PL_CHECK, '--format', 'json', '.'], { cwd: root, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    assert.equal(run.error, undefined, `${context}: ${run.error}`);
    assert.ok(run.status === 0 || run.status === 1, `${context}: exit ${run.status}\n${run.stderr}`);
    assert.equal(run.stderr, '', context);
    assertNoStackTrace(run.stdout);
    const found: Found[] = JSON.parse(run.stdout);
    for (const d of due) {
      if (!d.file) continue;
      const mine = found.filter((f) => f.file === d.file);
      assert.ok(mine.length > 0, `${context}: nothing reported on ${d.file}`);
      if (d.codes) assert.ok(mine.some((f) => d.codes!.includes(f.code)), `${context}: ${d.file} has ${mine.map((f) => f.code)}, not ${d.codes}`);
    }
    const perCode = new Map<string, number>();
    for (const f of found) perCode.set(`${f.file} ${f.code}`, (perCode.get(`${f.file} ${f.code}`) ?? 0) + 1);
    for (const [key, n] of perCode) assert.ok(n <= MAX_FINDINGS_PER_CODE + 1, `${context}: ${n} findings for ${key}`);
    // The human form prints nothing a terminal would act on.
    const human = spawnSync(process.execPath, [PL_CHECK, '.'], { cwd: root, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
    assert.equal(human.error, undefined, `${context}: ${human.error}`);
    assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(human.stdout), `${context}: control characters in the output`);
  }
});

test(`the language server under mutated files and ${LSP_OPERATIONS} random edits and requests (seed ${SEED})`, async () => {
  const r = generator(SEED + 1);
  const { root, due, untouched } = mutatedCourse(r, 4);
  // The classes that must show as a diagnostic of their own file, besides the random ones above.
  const [deep, pipe] = untouched;
  due.push({ ...MUTATIONS.deepInfo(root, deep, r), what: `deepInfo: ${deep}` });
  if (posix) due.push({ ...MUTATIONS.fifoInfo(root, pipe, r), what: `fifoInfo: ${pipe}` });
  const context = `seed ${SEED + 1}: ${due.map((d) => d.what).join('; ')}`;
  if (process.env.PL_FUZZ_DEBUG) console.error(context);
  const client = await LspClient.start([root], { validation: { debounceMs: 0 } }, undefined, ['editRange']);
  try {
    for (const d of due) {
      if (!d.file?.endsWith('info.json') || !d.codes) continue;
      const codes = d.codes;
      await client.waitForDiagnostics(path.join(root, d.file), (list: Diagnostic[]) => list.some((x) => codes.includes(String(x.code))), 30_000);
    }
    const files = questionFolders(root)
      .map((q) => path.join(root, q, 'info.json'))
      .filter((f) => fs.statSync(f).isFile())
      .concat([path.join(root, 'infoCourse.json'), path.join(root, 'courseInstances/Fa26/assessments/HW1/infoAssessment.json')]);
    let failures = 0;
    const failed: string[] = [];
    for (let op = 0; op < LSP_OPERATIONS; ) {
      const file = r.pick(files);
      let text = fs.readFileSync(file, 'utf8');
      await client.open(file, text);
      for (let k = 0; k < 20 && op < LSP_OPERATIONS; k++, op++) {
        const kind = r.int(10);
        if (kind === 0) text = deepJson(r, '00000000-0000-4000-8000-000000000000');
        else if (kind < 6) text = scramble(text, r);
        if (kind < 6) await client.change(file, text);
        // Now and then a position from a text the client no longer has: out of range, as a client
        // that computed it from a stale text may send (the JSON language service threw on these).
        const position = r.int(8) === 0 ? r.pick([{ line: 0, character: -1 }, { line: -1, character: 0 }, { line: 3, character: 2 ** 31 }, { line: 10 ** 6, character: 5 }]) : positionAt(text, r.int(text.length + 1));
        for (const request of [() => client.completionList(file, position), () => client.hover(file, position), () => client.definition(file, position)]) {
          try {
            await request();
          } catch (err) {
            failures++;
            if (failed.length < 5) failed.push(`${String(err)} at ${JSON.stringify(position)} in ${JSON.stringify(text.slice(0, 200))}`);
          }
        }
      }
      await client.close(file);
    }
    assert.equal(failures, 0, `${context}: requests failed:\n${failed.join('\n')}`);
    assert.ok(client.alive, `${context}: the server exited; log:\n${client.log.join('\n')}`);
    assert.deepEqual(client.log.filter((line) => /failed:|uncaught|unhandled|Maximum call stack/i.test(line)), [], context);
  } finally {
    await client.stop();
  }
});
