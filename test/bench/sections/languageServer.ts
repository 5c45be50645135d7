import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BenchContext, BenchSection } from '../context';
import { LspClient } from '../lspClient';
import { median, percentile } from '../stats';
import type { SyntheticCourse } from '../syntheticCourse';
import type { Row } from '../table';

const EDITS = 100;
// A 99th percentile of 100 requests is their second slowest, one pause of the client's or the
// server's garbage collector; 400 make it a percentile.
const COMPLETIONS = 400;
const WARMUP = 5;

interface ServerFigures {
  /** From starting the process to the first diagnostics of an opened file. */
  startup: number;
  /** didChange sent → publishDiagnostics for that file received. */
  edits: number[];
  qidCompletion: number[];
  qidItems: number;
  topicCompletion: number[];
  topicItems: number;
  /** Resident memory once the course is loaded and checked, and at the end. */
  loadedRss: number;
  rss: number;
  peak: number;
}

/**
 * (c) re-checking after an edit, (d) completion and (e) memory, through dist/languageServer.js
 * over stdio as an editor drives it. The debounce is set to 0 so that the figures are the
 * server's work, not its deliberate wait.
 */
export const languageServerSection: BenchSection = {
  name: '(c)-(e) language server',
  async run(ctx) {
    const serverJs = path.join(ctx.repo, 'dist/languageServer.js');
    if (!fs.existsSync(serverJs)) {
      ctx.add({ section: this.name, measure: 'skipped', value: NaN, unit: 'ms', note: 'dist/languageServer.js is not built' });
      return;
    }
    const small = await measureServer(serverJs, ctx.small);
    const big = await measureServer(serverJs, ctx.big);
    addRows(ctx, this.name, small, big);
  },
};

async function measureServer(serverJs: string, course: SyntheticCourse): Promise<ServerFigures> {
  const started = performance.now();
  const client = await LspClient.start(serverJs, course.root, { validation: { debounceMs: 0 } });
  try {
    const questionFile = path.join(course.root, 'questions', course.questionIds[Math.floor(course.questionIds.length / 2)], 'info.json');
    const original = JSON.parse(fs.readFileSync(questionFile, 'utf8'));
    // Alternate a clean file and one with a schema error, so that every edit changes what is published.
    const variant = (i: number) => JSON.stringify({ ...original, title: i % 2 === 0 ? i : `Edited title ${i}` }, null, 2) + '\n';

    const first = client.nextDiagnostics(questionFile, 120_000);
    await client.open(questionFile, variant(0));
    const initial = await first;
    if (initial.length === 0) throw new Error('the opened file with a schema error got no diagnostics');
    const startup = performance.now() - started;
    const loadedRss = client.memoryMb().rss;

    const edits: number[] = [];
    for (let i = 1; i <= WARMUP + EDITS; i++) {
      const published = client.nextDiagnostics(questionFile);
      const t0 = performance.now();
      await client.change(questionFile, variant(i));
      const diagnostics = await published;
      const elapsed = performance.now() - t0;
      if ((diagnostics.length > 0) !== (i % 2 === 0)) throw new Error(`edit ${i}: unexpected diagnostics ${JSON.stringify(diagnostics)}`);
      if (i > WARMUP) edits.push(elapsed);
    }
    const assessmentFile = course.assessmentFiles[0];
    const assessmentText = fs.readFileSync(assessmentFile, 'utf8');
    await client.open(assessmentFile, assessmentText);
    const qid = await timeCompletions(client, assessmentFile, assessmentText, '"id": "');
    const topicText = variant(WARMUP + EDITS);
    const topic = await timeCompletions(client, questionFile, topicText, '"topic": "');

    const memory = client.memoryMb();
    return {
      startup,
      edits,
      qidCompletion: qid.times,
      qidItems: qid.items,
      topicCompletion: topic.times,
      topicItems: topic.items,
      loadedRss,
      rss: memory.rss,
      peak: memory.peak,
    };
  } finally {
    await client.stop();
  }
}

/** Times completion requests just inside the string value after `before`. */
async function timeCompletions(client: LspClient, file: string, text: string, before: string): Promise<{ times: number[]; items: number }> {
  const offset = text.indexOf(before);
  if (offset < 0) throw new Error(`${before} not found in ${file}`);
  const lines = text.slice(0, offset + before.length).split('\n');
  const position = { line: lines.length - 1, character: lines[lines.length - 1].length };
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < WARMUP + COMPLETIONS; i++) {
    const t0 = performance.now();
    const result = await client.completion(file, position);
    if (i >= WARMUP) times.push(performance.now() - t0);
    items = result.length;
  }
  return { times, items };
}

function addRows(ctx: BenchContext, section: string, small: ServerFigures, big: ServerFigures): void {
  const add = (row: Omit<Row, 'section'>) => ctx.add({ section, ...row });
  const smallP99 = percentile(small.edits, 99);
  const bigP99 = percentile(big.edits, 99);
  add({ measure: 'edit → diagnostics, 100 questions, median', value: median(small.edits), unit: 'ms' });
  add({ measure: 'edit → diagnostics, 100 questions, p99', value: smallP99, unit: 'ms', target: { text: '< 20 ms', met: smallP99 < 20 } });
  add({ measure: 'edit → diagnostics, 10,000 questions, median', value: median(big.edits), unit: 'ms', baseline: { label: '100-question median', value: median(small.edits) } });
  add({
    measure: 'edit → diagnostics, 10,000 questions, p99',
    value: bigP99,
    unit: 'ms',
    baseline: { label: '100-question p99', value: smallP99 },
    target: { text: '< 20 ms and <= 2x 100-q p99', met: bigP99 < 20 && bigP99 <= 2 * smallP99 },
  });
  add({ measure: 'start → first diagnostics, 10,000 questions', value: big.startup, unit: 'ms' });
  for (const [label, figures] of [
    ['QID in an assessment', big.qidCompletion, big.qidItems],
    ['topic in info.json', big.topicCompletion, big.topicItems],
  ] as const) {
    const p99 = percentile(figures, 99);
    add({ measure: `completion, ${label}, 10,000 questions, median`, value: median(figures), unit: 'ms' });
    add({ measure: `completion, ${label}, 10,000 questions, p99`, value: p99, unit: 'ms', target: { text: '< 20 ms', met: p99 < 20 }, note: `${label === 'topic in info.json' ? big.topicItems : big.qidItems} items` });
  }
  add({ measure: 'server memory (VmRSS), 100 questions', value: small.rss, unit: 'MB' });
  add({ measure: 'server memory (VmRSS), 10,000 questions, once loaded', value: big.loadedRss, unit: 'MB' });
  add({ measure: 'server memory (VmRSS), 10,000 questions, after edits and completions', value: big.rss, unit: 'MB', target: { text: '< 200 MB', met: big.rss < 200 }, note: `peak (VmHWM) ${big.peak.toFixed(0)} MB` });
}
