import * as nodePath from 'node:path';
import { testVariant, type VariantVerdict } from '../../runtime';
import { clip } from '../bounded';
import type { AgentTool } from '../toolTypes';

/** Variants one call may run: each takes a few Python calls. */
const MAX_VARIANTS = 20;

export const testQuestionTool: AgentTool = {
  name: 'test_question',
  title: 'Test a question',
  description:
    "Run a question locally over several variants as PrairieLearn's instructor Test does (real Python: server.py and the elements), with the same verdicts as `pl-check --test`: " +
    'render errors, server.py exceptions with file and line, whether the correct answer grades to 100%, whether a blank submission is refused, and the answers each element\'s test produced. ' +
    'Use it after writing or changing a question; give "seeds" to re-run the variants that failed. Read-only (runs the course\'s own code, bounded in time and memory).',
  inputSchema: {
    type: 'object',
    properties: {
      qid: { type: 'string', description: 'The question id: its folder under questions/, such as "algebra/quadratic".' },
      course: { type: 'string', description: 'Course root, when several courses are served.' },
      variants: { type: 'integer', minimum: 1, maximum: MAX_VARIANTS, description: 'New variants to test (default 3).' },
      seeds: { type: 'array', items: { type: 'string', pattern: '^[0-9a-zA-Z]+$' }, maxItems: MAX_VARIANTS, description: 'Test these variant seeds instead (as reported by earlier runs).' },
    },
    required: ['qid'],
    additionalProperties: false,
  },
  writes: false,
  async run(sessions, input) {
    const session = sessions.session(input.course);
    const qid = input.qid as string;
    sessions.questionDir(session, qid);
    const runtime = await sessions.runtime();
    const seeds: (string | undefined)[] = Array.isArray(input.seeds) && input.seeds.length > 0
      ? (input.seeds as string[]).map((s) => s.toLowerCase())
      : Array.from({ length: typeof input.variants === 'number' ? input.variants : 3 }, () => undefined);
    const verdicts: VariantVerdict[] = [];
    for (const seed of seeds) verdicts.push(await testVariant(runtime, session.root, qid, seed));
    const rel = (file: string) => nodePath.relative(session.root, file).split(nodePath.sep).join('/');
    const variants = verdicts.map((v) => ({
      seed: v.seed,
      passed: v.error === null,
      error: v.error,
      rendered: v.rendered,
      correctAnswerScore: v.correctAnswerScore,
      referenceScore: v.referenceScore,
      testAnswers: v.result.expected?.rawSubmittedAnswers ?? null,
      blankSubmission: v.blank ? { formatErrors: Object.keys(v.blank.formatErrors), score: v.blank.score, broken: v.blank.broken } : null,
      unsupportedElements: v.unsupportedElements,
      findings: v.findings.map((f) => ({ file: rel(f.file), line: f.line, severity: f.severity, code: f.code, message: clip(f.message, 2000) })),
    }));
    const failed = variants.filter((v) => !v.passed).length;
    const lines = [`${qid}: ${variants.length} variant(s), ${failed === 0 ? 'all passed' : `${failed} failed`}.`];
    for (const v of variants) {
      lines.push(`- seed ${v.seed}: ${v.passed ? 'passed' : `FAILED: ${clip(v.error ?? '', 500)}`}; correct answer ${v.correctAnswerScore === null ? 'not graded' : `${Math.floor(v.correctAnswerScore * 100)}%`}${v.referenceScore === null ? '' : `; reference solution ${Math.floor(v.referenceScore * 100)}%`}; blank submission ${v.blankSubmission ? (v.blankSubmission.broken ? 'broke the question' : v.blankSubmission.formatErrors.length > 0 ? `refused (${v.blankSubmission.formatErrors.join(', ')})` : `scored ${v.blankSubmission.score}`) : 'not tried'}`);
      if (v.testAnswers) lines.push(`  test answers: ${clip(JSON.stringify(v.testAnswers), 500)}`);
      for (const f of v.findings) lines.push(`  ${f.file}:${f.line} ${f.severity} [${f.code}] ${clip(f.message, 500)}`);
    }
    return { text: lines.join('\n'), data: { qid, courseRoot: session.root, passed: failed === 0, failed, variants } };
  },
};
