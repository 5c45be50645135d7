import * as nodePath from 'node:path';
import type { Course, InfoEntry } from '../course';
import type { JsonPath } from '../jsonFile';
import type { NameList } from './courseNames';
import type { UsedThing } from './courseUses';
import { referenceAt } from './references';

const DECLARED_LISTS = new Set<NameList>(['topics', 'tags', 'sharingSets', 'assessmentSets', 'assessmentModules']);

/**
 * What the cursor in an info file is about, for references and rename: a QID or name it uses, a
 * name infoCourse.json declares there, or, anywhere else in a question's info.json, the question.
 */
export function usedThingAt(_course: Course, entry: InfoEntry, path: JsonPath, value: string | undefined): UsedThing | undefined {
  const ref = referenceAt(entry.kind, path);
  if (ref?.type === 'qid' && value !== undefined) return { type: 'qid', qid: value };
  if (ref?.type === 'name' && value !== undefined) return { type: 'name', list: ref.list, name: value };
  if (entry.kind === 'course' && value !== undefined && path.length === 3 && path[2] === 'name' && DECLARED_LISTS.has(path[0] as NameList)) {
    return { type: 'name', list: path[0] as NameList, name: value };
  }
  if (entry.kind === 'question' && ref?.type !== 'dependency') return { type: 'qid', qid: entry.id };
  return undefined;
}

/** The question whose folder holds `file` (its info.json, question.html or any other file), if any. */
export function questionOfFile(course: Course, file: string): InfoEntry | undefined {
  const base = nodePath.join(course.root, 'questions');
  const rel = nodePath.relative(base, file);
  if (!rel || rel.startsWith('..') || nodePath.isAbsolute(rel)) return undefined;
  const parts = rel.split(nodePath.sep);
  // The shortest QID first: a question folder is never searched further, so it is the only match.
  for (let n = 1; n <= parts.length; n++) {
    const question = course.questions.get(parts.slice(0, n).join('/'));
    if (question) return question;
  }
  return undefined;
}
