import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchSection } from '../context';
import { LspClient } from '../lspClient';
import { median, percentile } from '../stats';

const REQUESTS = 400;
const WARMUP = 5;
const TARGET_MS = 50;

/**
 * References, rename and workspace symbols on the 10,000-question course, through
 * dist/languageServer.js over stdio: the requests an author makes about a question as a whole.
 */
export const courseNavigationSection: BenchSection = {
  name: '(n) references, rename, symbols',
  async run(ctx) {
    const serverJs = path.join(ctx.repo, 'dist/languageServer.js');
    const course = ctx.big;
    const client = await LspClient.start(serverJs, course.root, { validation: { debounceMs: 0 } });
    try {
      // Loaded and checked once an opened file with a schema error gets its diagnostics.
      const question = path.join(course.root, 'questions', course.questionIds[0], 'info.json');
      const questionText = fs.readFileSync(question, 'utf8');
      const first = client.nextDiagnostics(question, 120_000);
      await client.open(question, questionText.replace(/"title": "[^"]*"/, '"title": 1'));
      await first;
      await client.change(question, questionText);

      const assessment = course.assessmentFiles[0];
      const assessmentText = fs.readFileSync(assessment, 'utf8');
      await client.open(assessment, assessmentText);
      const qidAt = positionInside(assessmentText, '"id": "');
      const qid = /"id": "([^"]+)"/.exec(assessmentText)![1];
      const topicAt = positionInside(questionText, '"topic": "');
      const uri = (file: string) => pathToFileURL(file).href;

      const timed = async (measure: string, request: () => Promise<unknown>, check: (result: any) => string | undefined) => {
        const times: number[] = [];
        let note: string | undefined;
        for (let i = 0; i < WARMUP + REQUESTS; i++) {
          const t0 = performance.now();
          const result = await request();
          if (i >= WARMUP) times.push(performance.now() - t0);
          note = check(result);
        }
        const p99 = percentile(times, 99);
        ctx.add({ section: this.name, measure: `${measure}, 10,000 questions, median`, value: median(times), unit: 'ms' });
        ctx.add({ section: this.name, measure: `${measure}, 10,000 questions, p99`, value: p99, unit: 'ms', target: { text: `< ${TARGET_MS} ms`, met: p99 < TARGET_MS }, note });
      };
      const sized = (what: string) => (result: unknown[] | null) => {
        if (!result || result.length === 0) throw new Error(`no ${what}`);
        return `${result.length} ${what}`;
      };

      await timed(
        'references to a QID (from an assessment)',
        () => client.connection.sendRequest('textDocument/references', { textDocument: { uri: uri(assessment) }, position: qidAt, context: { includeDeclaration: true } }),
        sized('locations'),
      );
      await timed(
        'references to a topic (from a question)',
        () => client.connection.sendRequest('textDocument/references', { textDocument: { uri: uri(question) }, position: topicAt, context: { includeDeclaration: true } }),
        sized('locations'),
      );
      await timed(
        'rename of a QID (prepare + edit)',
        async () => {
          await client.connection.sendRequest('textDocument/prepareRename', { textDocument: { uri: uri(assessment) }, position: qidAt });
          return client.connection.sendRequest('textDocument/rename', { textDocument: { uri: uri(assessment) }, position: qidAt, newName: `${qid}Renamed` });
        },
        (edit: { documentChanges?: unknown[] } | null) => sized('document changes')(edit?.documentChanges ?? null),
      );
      let n = 0;
      await timed(
        'workspace symbols (a 3-letter query)',
        // A different query each time: nothing the editor or server could have kept.
        () => client.connection.sendRequest('workspace/symbol', { query: ['vec', 'mat', 'lim', 'pro', 'sam'][n++ % 5] }),
        sized('symbols'),
      );
    } finally {
      await client.stop();
    }
  },
};

/** The position just inside the string value after the first `before`. */
function positionInside(text: string, before: string) {
  const offset = text.indexOf(before) + before.length + 1;
  const lines = text.slice(0, offset).split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}
