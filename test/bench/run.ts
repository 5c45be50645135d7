// npm run bench: writes a synthetic 10,000-question course and a 100-question one, measures the
// checker and the language server on them, and prints one table with every figure against its
// baseline from the same run and its target. `--keep` keeps the courses; `--strict` exits 1 when a target is missed;
// `--only checker,languageServer` runs only the sections named (the floor runs too when the checker does).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { BenchContext, BenchSection } from './context';
import { writeSyntheticCourse } from './syntheticCourse';
import { formatTable, type Row } from './table';
import { floorSection } from './sections/floor';
import { checkerSection } from './sections/checker';
import { languageServerSection } from './sections/languageServer';
import { courseNavigationSection } from './sections/courseNavigation';
import { questionHtmlSection } from './questionHtml';
import { referenceSection } from './reference';
import { questionRuntimeSection } from './questionRuntime';
import { externalGradingSection } from './externalGrading';
import { agentToolsSection } from './agentTools';
import { firstAnswerSection } from './sections/firstAnswer';

/** In order, by the name `--only` takes; a later section may compare with figures an earlier one recorded. */
const SECTIONS: Record<string, BenchSection> = {
  floor: floorSection,
  checker: checkerSection,
  languageServer: languageServerSection,
  courseNavigation: courseNavigationSection,
  questionHtml: questionHtmlSection,
  reference: referenceSection,
  questionRuntime: questionRuntimeSection,
  externalGrading: externalGradingSection,
  agentTools: agentToolsSection,
  firstAnswer: firstAnswerSection,
};
/** Sections whose figures another section compares with. */
const NEEDS: Record<string, string[]> = { checker: ['floor'] };

function selectedSections(): BenchSection[] {
  const at = process.argv.indexOf('--only');
  if (at < 0) return Object.values(SECTIONS);
  const wanted = new Set((process.argv[at + 1] ?? '').split(',').filter(Boolean));
  for (const name of wanted) {
    if (!(name in SECTIONS)) throw new Error(`--only: unknown section ${name}; the sections are ${Object.keys(SECTIONS).join(', ')}`);
    for (const needed of NEEDS[name] ?? []) wanted.add(needed);
  }
  return Object.entries(SECTIONS)
    .filter(([name]) => wanted.has(name))
    .map(([, section]) => section);
}

async function main(): Promise<number> {
  const keep = process.argv.includes('--keep');
  const strict = process.argv.includes('--strict');
  const sections = selectedSections();
  const repo = path.resolve(__dirname, '../..');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pl-bench-'));
  const rows: Row[] = [];
  try {
    const started = performance.now();
    const big = writeSyntheticCourse(path.join(work, 'big'), { questions: 10_000, assessments: 200 });
    const small = writeSyntheticCourse(path.join(work, 'small'), { questions: 100, assessments: 2 });
    console.error(`wrote ${big.infoFiles.length} + ${small.infoFiles.length} info files in ${((performance.now() - started) / 1000).toFixed(1)} s under ${work}`);
    const ctx: BenchContext = { repo, big, small, baselines: new Map(), add: (row) => rows.push(row) };
    for (const section of sections) {
      console.error(`running ${section.name}...`);
      try {
        await section.run(ctx);
      } catch (err) {
        rows.push({ section: section.name, measure: 'FAILED', value: NaN, unit: 'ms', note: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    if (keep) console.error(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(formatTable(rows));
  console.log(`\nnode ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const missed = rows.filter((r) => (r.target && !r.target.met) || r.measure === 'FAILED');
  return strict && missed.length > 0 ? 1 : 0;
}

main().then((code) => (process.exitCode = code));
