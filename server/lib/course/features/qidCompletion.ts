import { isDraftQid, isTemplateQid, type Course, type InfoEntry } from '../course';
import type { JsonFile } from '../jsonFile';
import type { ValueCandidate } from './valueCandidate';

/**
 * The candidates of a course's questions, in order, with the info file each was made from. A
 * course's `questions` map is never changed after loading (a rescan loads a new one), so the
 * order is kept per map; an edited info.json (a new `JsonFile`) remakes only its own candidate.
 */
interface QidCandidates {
  entries: InfoEntry[];
  files: (JsonFile | undefined)[];
  candidates: ValueCandidate[];
}

const byQuestions = new WeakMap<Map<string, InfoEntry>, QidCandidates>();

/**
 * Questions an assessment may list, with their titles: every question except drafts, which
 * PrairieLearn refuses there. Templates come last: they are allowed, but seldom what an assessment
 * means. Completion asks on every keystroke, so a course of 10,000 questions is sorted once, not
 * each time. The list is shared: do not change it.
 */
export function qidCandidates(course: Course): readonly ValueCandidate[] {
  let known = byQuestions.get(course.questions);
  if (!known) {
    const entries = [...course.questions.values()].filter((e) => !isDraftQid(e.id));
    entries.sort((a, b) => Number(isTemplateQid(a.id)) - Number(isTemplateQid(b.id)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    known = { entries, files: entries.map((e) => e.file), candidates: entries.map(candidate) };
    byQuestions.set(course.questions, known);
  }
  const { entries, files, candidates } = known;
  for (let i = 0; i < entries.length; i++) {
    if (entries[i].file === files[i]) continue;
    files[i] = entries[i].file;
    candidates[i] = candidate(entries[i]);
  }
  return candidates;
}

function candidate(entry: InfoEntry): ValueCandidate {
  const data = entry.file?.value as { title?: unknown } | undefined;
  const title = typeof data?.title === 'string' ? data.title : undefined;
  const detail = isTemplateQid(entry.id) ? `template question${title ? `: ${title}` : ''}` : title;
  return { value: entry.id, detail, kind: 'question' };
}
