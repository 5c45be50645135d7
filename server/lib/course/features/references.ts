import type { InfoKind } from '../course';
import type { JsonPath } from '../jsonFile';
import type { NameList } from './courseNames';
import { DEPENDENCY_FOLDERS } from '../courseConventions';

/** What a string value in an info file refers to. */
export type Reference =
  | { type: 'qid' }
  | { type: 'name'; list: NameList }
  | { type: 'dependency'; key: string };

/** The kind of reference at `path` in a file of `kind`, if the value there names something. */
export function referenceAt(kind: InfoKind, path: JsonPath): Reference | undefined {
  if (kind === 'question') {
    if (path.length === 1 && path[0] === 'topic') return { type: 'name', list: 'topics' };
    if (path.length === 2 && path[0] === 'tags') return { type: 'name', list: 'tags' };
    if (path.length === 2 && path[0] === 'sharingSets') return { type: 'name', list: 'sharingSets' };
    if (path.length === 3 && path[0] === 'dependencies' && typeof path[1] === 'string' && path[1] in DEPENDENCY_FOLDERS) {
      return { type: 'dependency', key: path[1] };
    }
  }
  if (kind === 'assessment') {
    if (path.length === 1 && path[0] === 'set') return { type: 'name', list: 'assessmentSets' };
    if (path.length === 1 && path[0] === 'module') return { type: 'name', list: 'assessmentModules' };
    if (isQuestionIdPath(path)) return { type: 'qid' };
  }
  return undefined;
}

/** zones[i].questions[j].id or zones[i].questions[j].alternatives[k].id */
function isQuestionIdPath(path: JsonPath): boolean {
  const head = path[0] === 'zones' && typeof path[1] === 'number' && path[2] === 'questions' && typeof path[3] === 'number';
  if (!head) return false;
  if (path.length === 5) return path[4] === 'id';
  return path.length === 7 && path[4] === 'alternatives' && typeof path[5] === 'number' && path[6] === 'id';
}
