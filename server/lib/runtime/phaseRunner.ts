import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { allEntries, topLevelTags } from '../questionHtml';
import { oversizedInput } from './dataBounds';
import { expandMarkdown } from './markdown';
import { renderMustache, studentTextView } from './mustacheRender';
import type { PhaseJob, PhaseResult, PythonPool } from './pythonPool';
import type { QuestionSource } from './question';
import type { JsonObject, RuntimeIssue, RuntimePhase } from '../protocol';

/** Tags PrairieLearn knows as elements (both spellings): the ones without a controller here get the "not previewed" box. */
const KNOWN_ELEMENTS = [...new Set(topLevelTags().flatMap((e) => [e.name, e.name.replace(/-/g, '_')]))];
/** Tags known only inside another element; any other unknown pl-* tag is boxed as an element newer than this list. */
/** Whether PrairieLearn has an element of this name (a tag it does not know, it leaves as plain HTML). */
export function isPrairieLearnElement(tag: string): boolean {
  return KNOWN_ELEMENTS.includes(tag);
}
const CHILD_TAGS = [...new Set(allEntries().filter((e) => !KNOWN_ELEMENTS.includes(e.name)).flatMap((e) => [e.name, e.name.replace(/-/g, '_')]))];

export interface PhaseOutcome {
  data: JsonObject;
  html?: string;
  file?: Buffer;
  fatal: boolean;
  issues: RuntimeIssue[];
  result?: PhaseResult;
}

export interface PhaseCall {
  phase: RuntimePhase;
  data: JsonObject;
  /** render: the nonce for the scripts the question writes. */
  nonce?: string;
}

/**
 * Runs phase calls of one question as one call unit (one seeding, in order): question.html through
 * mustache (with that phase's data) and markdown here, elements and server.py in Python.
 */
export async function runPhases(pool: PythonPool, q: QuestionSource, calls: PhaseCall[], partialCredit = q.partialCredit): Promise<PhaseOutcome[]> {
  const outcomes: PhaseOutcome[] = calls.map((c) => ({ data: c.data, fatal: false, issues: [] }));
  const jobs: PhaseJob[] = [];
  const sent: number[] = [];
  calls.forEach((call, i) => {
    const oversized = oversizedInput(call.data, call.phase);
    if (oversized) {
      outcomes[i].fatal = true;
      outcomes[i].issues.push({ message: oversized, fatal: true, phase: call.phase });
      return;
    }
    let html: string | undefined;
    if (call.phase !== 'generate' && q.html !== undefined) {
      try {
        html = expandMarkdown(renderMustache(q.html, call.phase === 'render' ? studentTextView(call.data) : call.data));
      } catch (err) {
        outcomes[i].fatal = true;
        const file = nodePath.join(q.dir, 'question.html');
        outcomes[i].issues.push({ message: `${file}: ${(err as Error).message}`, fatal: true, phase: call.phase, file });
        return;
      }
    }
    jobs.push({ phase: call.phase, html, data: call.data, partialCredit, ...(call.nonce ? { nonce: call.nonce } : {}) });
    sent.push(i);
  });
  if (jobs.length === 0) return outcomes;
  const reply = await pool.run({ courseRoot: q.courseRoot, questionDir: q.dir, knownElements: KNOWN_ELEMENTS, childTags: CHILD_TAGS, jobs });
  if ('error' in reply) {
    const message = reply.error.kind === 'timeout' ? `${reply.error.message} (server.py or an element ran too long, or waits forever)` : reply.error.message;
    // Most often server.py's doing (a loop, a huge allocation); name it when there is one.
    const serverPy = nodePath.join(q.dir, 'server.py');
    const file = fs.existsSync(serverPy) ? serverPy : undefined;
    for (const i of sent) {
      outcomes[i].fatal = true;
      outcomes[i].issues.push({ message, fatal: true, phase: calls[i].phase, ...(file ? { file } : {}) });
    }
    return outcomes;
  }
  reply.results.forEach((result, k) => {
    const outcome = outcomes[sent[k]];
    outcome.result = result;
    outcome.data = result.data;
    outcome.fatal = result.fatal;
    outcome.html = result.html;
    if (result.file !== undefined) outcome.file = Buffer.from(result.file, 'base64');
    for (const issue of result.issues) outcome.issues.push({ ...issue, phase: issue.phase as RuntimePhase });
  });
  return outcomes;
}
