import type { Course, InfoEntry } from '../course';
import type { CourseReader } from '../courseReader';
import { valueAtPath, type JsonPath } from '../jsonFile';
import { declaredNames } from './courseNames';
import { useCounts } from './courseUses';
import { DEPENDENCY_FOLDERS } from '../courseConventions';
import { dependencyFolder, dependencyPaths } from './dependencyPaths';
import { qidCandidates } from './qidCompletion';
import { referenceAt } from './references';
import type { ValueCandidate } from './valueCandidate';

export type { ValueCandidate } from './valueCandidate';

/**
 * Values the course offers at `path` of `entry` (QIDs, declared names, dependency files), or
 * undefined when the value there does not name anything in the course. The list may be shared
 * (`qidCandidates`): do not change it.
 */
export function valueCandidates(course: Course, entry: InfoEntry, path: JsonPath, reader: CourseReader): readonly ValueCandidate[] | undefined {
  const ref = referenceAt(entry.kind, path);
  if (!ref) return undefined;
  let candidates: readonly ValueCandidate[];
  switch (ref.type) {
    case 'qid':
      candidates = qidCandidates(course);
      break;
    case 'name': {
      const declared = declaredNames(course, ref.list);
      const known = new Set(declared.map((n) => n.name));
      // Then the names the course uses without declaring them (PrairieLearn creates those): a course
      // that declares no topics still offers the 75 it uses. The value being typed here is not one.
      const here = valueAtPath(entry.file?.value, path);
      const used = [...useCounts(course, ref.list)]
        .filter(([name, files]) => typeof name === 'string' && !known.has(name) && !(name === here && files === 1))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      candidates = [
        ...declared.map((n): ValueCandidate => ({ value: n.name, detail: n.builtIn ? 'built into PrairieLearn' : n.description, kind: 'name' })),
        ...used.map(([name, files]): ValueCandidate => ({ value: name, detail: `used in ${files} ${files === 1 ? 'file' : 'files'}, not declared in infoCourse.json`, kind: 'name' })),
      ];
      break;
    }
    case 'dependency': {
      const folder = dependencyFolder(course, entry, ref.key)!;
      const shown = DEPENDENCY_FOLDERS[ref.key].folder;
      candidates = dependencyPaths(reader, folder, ref.key).map((f) => ({ value: f, detail: `${shown}/${f}`, kind: 'file' }));
      break;
    }
  }
  return withoutSiblings(candidates, entry, path);
}

/** In a list (tags, sharing sets, files), leaves out what the other items already say. */
function withoutSiblings(candidates: readonly ValueCandidate[], entry: InfoEntry, path: JsonPath): readonly ValueCandidate[] {
  const index = path[path.length - 1];
  if (typeof index !== 'number') return candidates;
  const list = valueAtPath(entry.file?.value, path.slice(0, -1));
  if (!Array.isArray(list)) return candidates;
  const taken = new Set(list.filter((v, i) => i !== index && typeof v === 'string'));
  return candidates.filter((c) => !taken.has(c.value));
}

