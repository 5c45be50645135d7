import * as nodePath from 'node:path';
import type { CourseTemplateRule } from './rule';

const URL_FOLDERS: Record<string, (questionDir: string, courseRoot: string) => string> = {
  'options.client_files_question_url': (q) => nodePath.join(q, 'clientFilesQuestion'),
  'options.client_files_course_url': (_q, root) => nodePath.join(root, 'clientFilesCourse'),
};
// A file name after the URL: up to a quote, whitespace, a query or fragment, markup or mustache.
const NAME = /^\/([^\s"'<>?#(){}]+)/;

interface UrlFile {
  variable: string;
  name: string;
  start: number;
  end: number;
}

/**
 * `{{options.client_files_question_url}}/name` (and the course variant) must name an existing
 * file; the browser would get a 404. Skipped when the name holds mustache.
 */
export const clientFilesUrl: CourseTemplateRule<UrlFile[]> = {
  name: 'clientFilesUrl',
  needs: 'course',
  codes: { 'missing-client-file': { severity: 'warning', description: 'A client-files URL in the template names a file that does not exist.' } },
  collect({ template }) {
    const { text } = template;
    const files: UrlFile[] = [];
    for (const tag of template.mustache.tags) {
      if ((tag.kind !== 'variable' && tag.kind !== 'raw') || !(tag.name in URL_FOLDERS)) continue;
      const m = NAME.exec(text.slice(tag.end, tag.end + 300));
      if (!m || text[tag.end + m[0].length] === '{') continue; // the name goes on with mustache
      files.push({ variable: tag.name, name: decodeName(m[1]), start: tag.end + 1, end: tag.end + 1 + m[1].length });
    }
    return files.length > 0 ? files : undefined;
  },
  check(files, context, report) {
    if (!context.questionDir || !context.courseRoot || !context.exists) return;
    for (const f of files) {
      const folder = URL_FOLDERS[f.variable](context.questionDir, context.courseRoot);
      const path = nodePath.join(folder, f.name);
      if (context.exists(path)) continue;
      report({
        code: 'missing-client-file',
        message: `File "${f.name}" not found in ${nodePath.basename(folder)}; the browser will get "File not found".`,
        start: f.start,
        end: f.end,
        data: { path },
      });
    }
  },
};

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}
