import type { CourseRule } from './rule';
import { UNDECLARED_KINDS, undeclaredUses } from './support/undeclaredNameUses';

/**
 * Beyond PrairieLearn, which silently creates any topic, tag, assessment set or module that is used
 * but not declared in infoCourse.json. Each use gets a hint (shown in the editor, not in the
 * Problems panel) whose data ({kind, name}) lets a quick fix add the one declaration; the course-wide
 * note in infoCourse.json is `undeclaredNamesSummary`. One code per kind lets authors who rely on
 * implicit names switch off just that kind.
 */
export const undeclaredNames: CourseRule = {
  name: 'undeclaredNames',
  scope: 'course',
  perEntry: true,
  codes: {
    'undeclared-topic': { severity: 'hint', description: 'A question\'s topic is not declared in infoCourse.json (a hint on each use).' },
    'undeclared-tag': { severity: 'hint', description: 'A question tag is not declared in infoCourse.json (a hint on each use).' },
    'undeclared-assessment-set': { severity: 'hint', description: 'An assessment set is not declared in infoCourse.json (a hint on each use).' },
    'undeclared-assessment-module': { severity: 'hint', description: 'An assessment module is not declared in infoCourse.json (a hint on each use).' },
  },
  check(ctx) {
    const found = undeclaredUses(ctx);
    if (!found) return;
    for (const { entry, kind, name, path } of found.uses) {
      const spec = UNDECLARED_KINDS[kind];
      const listExists = Array.isArray(found.courseData[spec.list]);
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
  },
};
