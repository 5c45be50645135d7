import * as nodePath from 'node:path';
import type { CourseRule } from './rule';
import { DEPENDENCY_FOLDERS } from '../courseConventions';

/** node_modules dependency kinds, with the clientFilesCourse kind that can take a copy instead. */
const NODE_MODULE_KINDS = Object.entries({
  nodeModulesStyles: 'clientFilesCourseStyles',
  nodeModulesScripts: 'clientFilesCourseScripts',
});
const CLIENT_FILE_KINDS = Object.entries(DEPENDENCY_FOLDERS);

/**
 * Beyond PrairieLearn, which does not check `dependencies` at sync: a missing clientFiles* file
 * only shows up as a failed download in the student's browser. node_modules dependencies resolve
 * inside PrairieLearn's own installation, which can change under the question. This looks at the
 * disk (through the reader, so unsaved editor files count), hence a course rule, not a cached file rule.
 */
export const questionDependencyFiles: CourseRule = {
  name: 'questionDependencyFiles',
  scope: 'course',
  perEntry: true,
  codes: {
    'missing-dependency-file': { severity: 'warning', description: 'A clientFiles* dependency names a file that does not exist.' },
    'node-modules-dependency': { severity: 'information', description: 'A question depends on a file from PrairieLearn\'s node_modules.' },
  },
  check(ctx) {
    const { course, reader } = ctx;
    for (const entry of course.questions.values()) {
      const dependencies = ctx.validData(entry, 'question')?.dependencies;
      if (!dependencies) continue;
      // Looked up by the names of the tables above, which are the schema's keys.
      const deps: Record<string, unknown> = dependencies;
      for (const [kind, where] of CLIENT_FILE_KINDS) {
        const files = deps[kind];
        if (!Array.isArray(files)) continue;
        const folder = nodePath.join(where.base === 'question' ? entry.dir : course.root, where.folder);
        files.forEach((file: unknown, i: number) => {
          if (typeof file !== 'string') return;
          const full = nodePath.join(folder, file);
          if (reader.exists(full)) return;
          const shown = where.base === 'question' ? `this question's ${where.folder}/ folder` : `the course's ${where.folder}/ folder`;
          ctx.report(entry, {
            code: 'missing-dependency-file',
            path: ['dependencies', kind, i],
            message: `"${file}" does not exist in ${shown}, so the question page will fail to load it. Create the file or fix the path.`,
            data: { dependency: kind, file: full },
          });
        });
      }
      for (const [kind, replacement] of NODE_MODULE_KINDS) {
        const files = deps[kind];
        if (!Array.isArray(files)) continue;
        files.forEach((file: unknown, i: number) => {
          if (typeof file !== 'string') return;
          ctx.report(entry, {
            code: 'node-modules-dependency',
            path: ['dependencies', kind, i],
            message: `"${file}" comes from PrairieLearn's own node_modules, which can change or drop it with any PrairieLearn update. Prefer a copy in clientFilesCourse/ listed in "${replacement}".`,
            data: { dependency: kind, file },
          });
        });
      }
    }
  },
};
