// Measures the keystroke path: the source files whose code runs between a didChange of question.html
// and the diagnostic the language server publishes for it. keystrokePath.test.ts bounds the count;
// `npm run build && node --import tsx test/architecture/keystrokePath.ts` prints the files.
//
// How: V8 coverage of dist/languageServer.js in two runs that differ only in the number of keystrokes
// (2, then 5), each keystroke waited for until its diagnostic is published and the check is over. A
// function called more often in the second run ran per keystroke; its file comes from the bundle's
// source map. Work that happens to fall into one run only (a sweep, a timer) can only add files, so
// the smallest count over a few runs is the figure.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SourceMap } from 'node:module';
import { LspClient, copyFixtureCourse } from '../apps/languageServer/lspClient';
import { computeLineStarts, positionAtOffset } from '../../server/lib/course';

const ROOT = path.resolve(__dirname, '..', '..');
const BUNDLE = path.join(ROOT, 'dist', 'languageServer.js');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Call counts of the bundle's functions, by start offset, after `keystrokes` edits of question.html. */
async function callCounts(keystrokes: number): Promise<Map<number, number>> {
  const coverage = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-keystroke-'));
  const course = copyFixtureCourse();
  const file = path.join(course, 'questions', 'addNumbers', 'question.html');
  const text = fs.readFileSync(file, 'utf8');
  process.env.NODE_V8_COVERAGE = coverage;
  const client = await LspClient.start([course]);
  delete process.env.NODE_V8_COVERAGE;
  try {
    await client.open(file, text);
    await client.waitUntilChecked(60_000);
    await pause(3000); // the start-up sweep ends
    for (let i = 1; i <= keystrokes; i++) {
      // An attribute the element does not have: a finding of the question.html rules on each keystroke.
      await client.change(file, text.replace('<pl-question-panel>', `<pl-question-panel bogus${i}="1">`));
      await client.nextDiagnostics(file, (d) => d.some((x) => String(x.message).includes(`bogus${i}`)), 60_000);
      await client.waitUntilChecked(60_000);
      await pause(300);
    }
  } finally {
    // Coverage is written as the process exits: give it time rather than kill it.
    await client.stop(60_000);
  }
  const counts = new Map<number, number>();
  for (const name of fs.readdirSync(coverage)) {
    const { result } = JSON.parse(fs.readFileSync(path.join(coverage, name), 'utf8')) as {
      result: { url: string; functions: { ranges: { startOffset: number; count: number }[] }[] }[];
    };
    for (const script of result.filter((s) => s.url.endsWith('dist/languageServer.js'))) {
      for (const { ranges } of script.functions) counts.set(ranges[0].startOffset, (counts.get(ranges[0].startOffset) ?? 0) + ranges[0].count);
    }
  }
  fs.rmSync(coverage, { recursive: true, force: true });
  return counts;
}

/** The files of this repository (server/, client/) with functions that ran per keystroke, with how many of them ran. */
export async function keystrokePathFiles(): Promise<Map<string, number>> {
  const few = await callCounts(2);
  const more = await callCounts(5);
  const lineStarts = computeLineStarts(fs.readFileSync(BUNDLE, 'utf8'));
  const map = new SourceMap(JSON.parse(fs.readFileSync(`${BUNDLE}.map`, 'utf8')));
  const files = new Map<string, number>();
  for (const [offset, calls] of more) {
    if (calls <= (few.get(offset) ?? 0)) continue;
    const { line, character } = positionAtOffset(lineStarts, offset);
    const source = (map.findEntry(line, character) as { originalSource?: string }).originalSource ?? '?';
    const name = path.relative(ROOT, path.resolve(path.dirname(BUNDLE), source.replace(/^file:\/\//, '')));
    if (/^(server|client)\//.test(name)) files.set(name, (files.get(name) ?? 0) + 1);
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}

async function main(): Promise<void> {
  const ours = await keystrokePathFiles();
  console.log(`${ours.size} files of this repository; functions run per keystroke:`);
  for (const [name, functions] of ours) console.log(`${String(functions).padStart(4)}  ${name}`);
}

if (require.main === module) void main();
