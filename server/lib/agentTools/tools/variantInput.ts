import * as nodePath from 'node:path';
import type { RuntimeIssue } from '../../runtime';
import { clip } from '../bounded';

/** The input properties that name a variant: its question and seed. */
export const VARIANT_PROPERTIES = {
  qid: { type: 'string', description: 'The question id: its folder under questions/, such as "algebra/quadratic".' },
  course: { type: 'string', description: 'Course root, when several courses are served.' },
  seed: { type: 'string', pattern: '^[0-9a-zA-Z]+$', description: 'Variant seed (as reported by test_question or render_question); default: a new variant.' },
};

/** Submitted answers by `answers-name`: a string, or a list for checkboxes and multi-part inputs. */
export const ANSWERS_PROPERTY = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  description: 'Answers by input name (the answers-name of the element, as render_question lists the inputs), e.g. {"x": "3.5"}; a list for checkboxes.',
};

/** The seed of an input, lower case as PrairieLearn stores it. */
export function seedOf(input: Record<string, unknown>): string | undefined {
  return typeof input.seed === 'string' && input.seed.trim() ? input.seed.trim().toLowerCase() : undefined;
}

/** Issues as compact JSON with course-relative files. */
export function issueList(issues: RuntimeIssue[], root: string): { phase: string; fatal: boolean; file?: string; line?: number; message: string }[] {
  const seen = new Set<string>();
  const out = [];
  for (const i of issues) {
    const key = `${i.phase}|${i.file}|${i.line}|${i.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const file = i.file ? nodePath.relative(root, i.file).split(nodePath.sep).join('/') : undefined;
    out.push({ phase: i.phase, fatal: i.fatal, ...(file && { file }), ...(i.line && { line: i.line }), message: clip(i.message.trim() + (i.traceback ? `\n${i.traceback}` : ''), 3000) });
  }
  return out;
}

export function issueLines(issues: ReturnType<typeof issueList>): string[] {
  return issues.map((i) => `${i.fatal ? 'ERROR' : 'note'} (${i.phase})${i.file ? ` ${i.file}${i.line ? `:${i.line}` : ''}` : ''}: ${i.message}`);
}
