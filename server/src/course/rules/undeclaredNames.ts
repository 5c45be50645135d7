import type { InfoEntry } from '../course';
import type { JsonPath } from '../jsonFile';
import type { CourseRule, RuleContext } from './rule';
import { BUILT_IN_ASSESSMENT_SETS, BUILT_IN_MODULES, BUILT_IN_TAGS } from '../courseConventions';

// 'Unknown' is the set PrairieLearn gives assessments whose file has errors; it always exists.
const KNOWN_ASSESSMENT_SETS = [...BUILT_IN_ASSESSMENT_SETS, 'Unknown'];

type Kind = 'topic' | 'tag' | 'assessmentSet' | 'assessmentModule';

const KINDS: Record<Kind, { code: string; list: string; noun: string; implicit: string; builtIn: string[] }> = {
  topic: { code: 'undeclared-topic', list: 'topics', noun: 'Topic', implicit: 'color gray1', builtIn: [] },
  tag: { code: 'undeclared-tag', list: 'tags', noun: 'Tag', implicit: 'color gray1', builtIn: BUILT_IN_TAGS },
  assessmentSet: {
    code: 'undeclared-assessment-set',
    list: 'assessmentSets',
    noun: 'Assessment set',
    implicit: 'the name as its abbreviation and heading and color gray1',
    builtIn: KNOWN_ASSESSMENT_SETS,
  },
  assessmentModule: {
    code: 'undeclared-assessment-module',
    list: 'assessmentModules',
    noun: 'Assessment module',
    implicit: 'the name as its heading',
    builtIn: BUILT_IN_MODULES,
  },
};

/**
 * Beyond PrairieLearn, which silently creates any topic, tag, assessment set or module that is used
 * but not declared in infoCourse.json. That is usually a typo or a forgotten declaration, so each
 * use gets a note whose data ({kind, name}) lets a quick fix add the declaration. One code per kind
 * lets authors who rely on implicit names switch off just that kind.
 */
export const undeclaredNames: CourseRule = {
  name: 'undeclaredNames',
  scope: 'course',
  perEntry: true,
  codes: {
    'undeclared-topic': { severity: 'information', description: 'A question\'s topic is not declared in infoCourse.json.' },
    'undeclared-tag': { severity: 'information', description: 'A question tag is not declared in infoCourse.json.' },
    'undeclared-assessment-set': { severity: 'information', description: 'An assessment set is not declared in infoCourse.json.' },
    'undeclared-assessment-module': { severity: 'information', description: 'An assessment module is not declared in infoCourse.json.' },
  },
  check(ctx) {
    const info = ctx.course.info;
    const courseData = ctx.validData(info);
    // Without a valid infoCourse.json the declared names are unknown (PrairieLearn keeps the old ones).
    if (!courseData) return;
    const declared = {} as Record<Kind, Set<string>>;
    for (const [kind, spec] of Object.entries(KINDS) as [Kind, (typeof KINDS)[Kind]][]) {
      const names = new Set(spec.builtIn);
      const list = courseData[spec.list];
      if (Array.isArray(list)) for (const item of list) if (typeof item?.name === 'string') names.add(item.name);
      declared[kind] = names;
    }
    const check = (entry: InfoEntry, kind: Kind, name: unknown, path: JsonPath) => {
      if (typeof name !== 'string' || declared[kind].has(name)) return;
      report(ctx, entry, kind, name, path, Array.isArray(courseData[KINDS[kind].list]));
    };
    for (const entry of ctx.course.questions.values()) {
      const data = ctx.validData(entry);
      if (!data) continue;
      check(entry, 'topic', data.topic, ['topic']);
      if (Array.isArray(data.tags)) data.tags.forEach((tag: unknown, i: number) => check(entry, 'tag', tag, ['tags', i]));
    }
    for (const ci of ctx.course.courseInstances.values()) {
      for (const entry of ci.assessments.values()) {
        const data = ctx.validData(entry);
        if (!data) continue;
        check(entry, 'assessmentSet', data.set, ['set']);
        check(entry, 'assessmentModule', data.module, ['module']);
      }
    }
  },
};

function report(ctx: RuleContext, entry: InfoEntry, kind: Kind, name: string, path: JsonPath, listExists: boolean): void {
  const spec = KINDS[kind];
  ctx.report(entry, {
    code: spec.code,
    path,
    message: `${spec.noun} "${name}" is not declared in "${spec.list}" of infoCourse.json; PrairieLearn will create it with ${spec.implicit}. Declare it there, or check the spelling.`,
    related: [
      {
        entry: ctx.course.info,
        path: [spec.list],
        part: 'key',
        message: listExists ? `${spec.noun}s are declared here` : `infoCourse.json has no "${spec.list}" list yet`,
      },
    ],
    data: { kind, name },
  });
}
