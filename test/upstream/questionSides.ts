// Both sides of a comparison: this runtime's phases and PrairieLearn's own question code (pl_unit.py),
// called with the same data, and the steps of PrairieLearn's instructor Test built from them.
import { expandMarkdown } from '../../server/lib/runtime/markdown';
import { renderMustache } from '../../server/lib/runtime/mustacheRender';
import { generateData, gradeData, parseData, prepareData, withWorkspaceFiles } from '../../server/lib/runtime/phaseData';
import { runPhases, type PhaseCall } from '../../server/lib/runtime/phaseRunner';
import type { PythonPool } from '../../server/lib/runtime/pythonPool';
import type { QuestionSource } from '../../server/lib/runtime/question';
import type { JsonObject, Variant } from '../../server/lib/protocol/questionRuntime';
import { stable } from './differences';
import type { UpstreamHelper, UpstreamResult } from './upstreamHelper';

export type Side = 'ours' | 'theirs';

export function variantOf(q: QuestionSource, seed: string, data: Record<string, any>): Variant {
  return { courseRoot: q.courseRoot, qid: q.qid, seed, params: data.params ?? {}, correctAnswers: data.correct_answers ?? {}, broken: false, issues: [], numTries: 0 };
}

export class Sides {
  constructor(
    readonly pool: PythonPool,
    readonly upstream: UpstreamHelper,
  ) {}

  async ours(q: QuestionSource, call: PhaseCall): Promise<{ data: Record<string, any>; html?: string; fatal: boolean; issues: string[] }> {
    const [o] = await runPhases(this.pool, q, [call]);
    return { data: o.data, html: o.html, fatal: o.fatal, issues: o.issues.map((i) => i.message) };
  }

  async theirs(q: QuestionSource, call: PhaseCall): Promise<UpstreamResult> {
    const data = JSON.parse(JSON.stringify(call.data));
    let html: string | undefined;
    if (call.phase !== 'generate') html = expandMarkdown(renderMustache(q.html ?? '', data));
    const [r] = await this.upstream.run(q.courseRoot, q.dir, [{ phase: call.phase, html, data, partialCredit: q.partialCredit }]);
    return r;
  }
}

export async function variantOn(side: Side, s: Sides, q: QuestionSource, seed: string) {
  const run = (c: PhaseCall) => (side === 'ours' ? s.ours(q, c) : s.theirs(q, c));
  const gen = await run({ phase: 'generate', data: generateData(q, seed) });
  if (gen.fatal) return { failure: stable((gen as UpstreamResult).issues ?? 'generate failed') };
  const prep = await run({ phase: 'prepare', data: prepareData(q, seed, withWorkspaceFiles(q, gen.data.params), gen.data.correct_answers) });
  return prep.fatal ? { failure: stable((prep as UpstreamResult).issues ?? 'prepare failed') } : { data: prep.data };
}

export const GRADE_FIELDS = ['score', 'partial_scores', 'feedback', 'format_errors'] as const;

export async function submitOn(side: Side, s: Sides, q: QuestionSource, v: Variant, raw: Record<string, any>) {
  const run = (c: PhaseCall) => (side === 'ours' ? s.ours(q, c) : s.theirs(q, c));
  const parsed = await run({ phase: 'parse', data: parseData(q, v, raw) });
  const issues = (r: { issues: string[] }) => stable(r.issues);
  if (parsed.fatal) return { broken: 'parse', issues: issues(parsed) };
  if (Object.keys(parsed.data.format_errors ?? {}).length > 0) return { score: null, partial_scores: {}, feedback: parsed.data.feedback, format_errors: parsed.data.format_errors };
  const graded = await run({ phase: 'grade', data: gradeData(q, v, { ...parsed.data, gradable: true } as JsonObject) });
  if (graded.fatal) return { broken: 'grade', issues: issues(graded) };
  return Object.fromEntries(GRADE_FIELDS.map((f) => [f, graded.data[f]]));
}

