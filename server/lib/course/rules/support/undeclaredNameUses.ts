import type { InfoEntry } from '../../course';
import type { JsonPath } from '../../jsonFile';
import type { InfoData, RuleContext } from '../rule';
import { BUILT_IN_ASSESSMENT_SETS, BUILT_IN_MODULES, BUILT_IN_TAGS } from '../../courseConventions';

// 'Unknown' is the set PrairieLearn gives assessments whose file has errors; it always exists.
const KNOWN_ASSESSMENT_SETS = [...BUILT_IN_ASSESSMENT_SETS, 'Unknown'];

export type UndeclaredKind = 'topic' | 'tag' | 'assessmentSet' | 'assessmentModule';

export interface KindSpec {
  /** Code of the hint on each use. */
  code: string;
  /** Code of the one note per course in infoCourse.json. */
  summaryCode: string;
  /** The list of infoCourse.json that declares them. */
  list: 'topics' | 'tags' | 'assessmentSets' | 'assessmentModules';
  noun: string;
  plural: string;
  users: string;
  implicit: string;
  builtIn: string[];
}

export const UNDECLARED_KINDS: Record<UndeclaredKind, KindSpec> = {
  topic: { code: 'undeclared-topic', summaryCode: 'undeclared-topics', list: 'topics', noun: 'Topic', plural: 'topics', users: 'questions', implicit: 'color gray1', builtIn: [] },
  tag: { code: 'undeclared-tag', summaryCode: 'undeclared-tags', list: 'tags', noun: 'Tag', plural: 'tags', users: 'questions', implicit: 'color gray1', builtIn: BUILT_IN_TAGS },
  assessmentSet: {
    code: 'undeclared-assessment-set',
    summaryCode: 'undeclared-assessment-sets',
    list: 'assessmentSets',
    noun: 'Assessment set',
    plural: 'assessment sets',
    users: 'assessments',
    implicit: 'the name as its abbreviation and heading and color gray1',
    builtIn: KNOWN_ASSESSMENT_SETS,
  },
  assessmentModule: {
    code: 'undeclared-assessment-module',
    summaryCode: 'undeclared-assessment-modules',
    list: 'assessmentModules',
    noun: 'Assessment module',
    plural: 'assessment modules',
    users: 'assessments',
    implicit: 'the name as its heading',
    builtIn: BUILT_IN_MODULES,
  },
};

export interface UndeclaredUse {
  entry: InfoEntry;
  kind: UndeclaredKind;
  name: string;
  path: JsonPath;
}

/** The names infoCourse.json declares (and PrairieLearn builds in), by kind. */
export function declaredNames(courseData: InfoData['course']): Record<UndeclaredKind, Set<string>> {
  const declared = {} as Record<UndeclaredKind, Set<string>>;
  for (const [kind, spec] of Object.entries(UNDECLARED_KINDS) as [UndeclaredKind, KindSpec][]) {
    const names = new Set(spec.builtIn);
    for (const item of courseData[spec.list] ?? []) names.add(item.name);
    declared[kind] = names;
  }
  return declared;
}

/** The undeclared names a question or assessment uses, read from its valid content (none when it is invalid). */
export function usesIn(entry: InfoEntry, ctx: Pick<RuleContext, 'validData'>, declared: Record<UndeclaredKind, Set<string>>): UndeclaredUse[] {
  const uses: UndeclaredUse[] = [];
  const check = (kind: UndeclaredKind, name: string | undefined, path: JsonPath) => {
    if (name !== undefined && !declared[kind].has(name)) uses.push({ entry, kind, name, path });
  };
  if (entry.kind === 'question') {
    const data = ctx.validData(entry, 'question');
    if (!data) return uses;
    check('topic', data.topic, ['topic']);
    (data.tags ?? []).forEach((tag, i) => check('tag', tag, ['tags', i]));
  } else if (entry.kind === 'assessment') {
    const data = ctx.validData(entry, 'assessment');
    if (!data) return uses;
    check('assessmentSet', data.set, ['set']);
    check('assessmentModule', data.module, ['module']);
  }
  return uses;
}

/** The questions, then each course instance's assessments: the entries that can use these names, in course order. */
export function* usingEntries(ctx: RuleContext): Iterable<InfoEntry> {
  yield* ctx.course.questions.values();
  for (const ci of ctx.course.courseInstances.values()) yield* ci.assessments.values();
}

/**
 * Every use of a topic, tag, assessment set or module that infoCourse.json does not declare (nor
 * PrairieLearn build in), in course order; undefined while infoCourse.json is invalid, since the
 * declared names are then unknown (PrairieLearn keeps the old ones).
 */
export function undeclaredUses(ctx: RuleContext): { uses: UndeclaredUse[]; courseData: InfoData['course'] } | undefined {
  const courseData = ctx.validData(ctx.course.info, 'course');
  if (!courseData) return undefined;
  const declared = declaredNames(courseData);
  const uses: UndeclaredUse[] = [];
  // A loop, not push(...): an info.json may list 300,000 tags, more arguments than the stack holds.
  for (const entry of usingEntries(ctx)) for (const use of usesIn(entry, ctx, declared)) uses.push(use);
  return { uses, courseData };
}
