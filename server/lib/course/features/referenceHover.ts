import { isTemplateQid, type Course, type InfoEntry } from '../course';
import type { JsonPath } from '../jsonFile';
import { declaredNames } from './courseNames';
import { referenceAt } from './references';

/** Markdown saying what a QID or declared name at `path` stands for, or that the course lacks it. */
export function describeReference(course: Course, entry: InfoEntry, path: JsonPath, value: string): string | undefined {
  const ref = referenceAt(entry.kind, path);
  if (!ref || ref.type === 'dependency') return undefined;
  if (ref.type === 'qid') {
    const question = course.questions.get(value);
    if (!question) return value.startsWith('@') ? undefined : `No question \`${value}\` in this course.`;
    const data = question.file?.value as { title?: unknown; topic?: unknown } | undefined;
    const title = typeof data?.title === 'string' ? data.title : '(no title)';
    const topic = typeof data?.topic === 'string' ? ` — topic *${data.topic}*` : '';
    const template = isTemplateQid(value) ? '\n\nA template question: PrairieLearn offers the questions under `template/` as starting points when an instructor creates a new question.' : '';
    return `**${title}**${topic}\n\n\`${question.relPath}\`${template}`;
  }
  const declared = declaredNames(course, ref.list).find((n) => n.name === value);
  if (!declared) return `\`${value}\` is not declared in \`${ref.list}\` of infoCourse.json.`;
  if (declared.builtIn) return `\`${value}\` is built into PrairieLearn.`;
  return declared.description ? `${declared.description}` : undefined;
}
