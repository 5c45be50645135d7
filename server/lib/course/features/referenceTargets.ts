import type { Course, InfoEntry } from '../course';
import type { CourseReader } from '../courseReader';
import type { TextRange } from '../diagnostic';
import type { JsonPath } from '../jsonFile';
import { declaredNames } from './courseNames';
import { dependencyFolder, resolveDependency } from './dependencyPaths';
import { referenceAt } from './references';
import { stringValues } from './valueContext';

export interface ReferenceTarget {
  /** Absolute path of the file referred to. */
  file: string;
  /** The declaration inside it, when there is one (a topic's name in infoCourse.json); else its start. */
  range?: TextRange;
}

/** What the value `value` at `path` of `entry` refers to, if it exists. */
export function referenceTarget(
  course: Course,
  entry: InfoEntry,
  path: JsonPath,
  value: string,
  reader: CourseReader,
): ReferenceTarget | undefined {
  const ref = referenceAt(entry.kind, path);
  if (!ref) return undefined;
  switch (ref.type) {
    case 'qid': {
      const question = course.questions.get(value);
      return question ? { file: question.path } : undefined;
    }
    case 'name': {
      const declared = declaredNames(course, ref.list).find((n) => n.name === value && n.path);
      if (!declared?.path || !course.info.file) return undefined;
      return { file: course.info.path, range: course.info.file.rangeOf(declared.path) };
    }
    case 'dependency': {
      const file = resolveDependency(reader, dependencyFolder(course, entry, ref.key)!, value);
      return file ? { file } : undefined;
    }
  }
}

export interface ReferenceLink {
  /** The value's text, inside its quotes. */
  range: TextRange;
  file: string;
}

/** Links from an info file to the files it names: questions of an assessment, dependency files. */
export function referenceLinks(course: Course, entry: InfoEntry, reader: CourseReader): ReferenceLink[] {
  const out: ReferenceLink[] = [];
  for (const { path, value, range } of stringValues(entry.file?.tree)) {
    const ref = referenceAt(entry.kind, path);
    if (!ref || ref.type === 'name') continue;
    const target = referenceTarget(course, entry, path, value, reader);
    if (target) out.push({ range: { start: range.start + 1, end: range.end - 1 }, file: target.file });
  }
  return out;
}
