import * as nodePath from 'node:path';
import { fileAttributeSpecs, fileLocation, resolveLocation, type FileLocation, findAttribute } from '../elements';
import type { CourseTemplateRule } from './rule';

interface NamedFile {
  value: string;
  start: number;
  end: number;
  location: FileLocation;
}

/**
 * Attributes that name a course file (pl-figure file-name, pl-code source-file-name...) must name
 * an existing one. PrairieLearn only fails when the element runs (a broken variant or a render
 * error), so this is a warning. Skipped for generated files (type="dynamic") and dynamic values.
 */
export const elementFiles: CourseTemplateRule<NamedFile[]> = {
  name: 'elementFiles',
  needs: 'course',
  codes: { 'missing-element-file': { severity: 'warning', description: 'An attribute names a course file that does not exist.' } },
  collect({ template, resolved }) {
    const files: NamedFile[] = [];
    for (const el of template.elements) {
      const info = resolved.get(el)!.info;
      if (!info) continue;
      const parent = el.parent && resolved.get(el.parent)?.name;
      for (const spec of fileAttributeSpecs(info.name, parent)) {
        const attr = findAttribute(el, spec.attribute);
        if (!attr?.value || attr.dynamic) continue;
        const location = fileLocation(el, spec);
        if (location) files.push({ value: attr.value, start: attr.valueStart, end: attr.valueEnd, location });
      }
    }
    return files.length > 0 ? files : undefined;
  },
  check(files, context, report) {
    if (!context.questionDir || !context.courseRoot || !context.exists) return;
    for (const f of files) {
      const path = nodePath.isAbsolute(f.value) ? f.value : nodePath.join(resolveLocation(f.location, context.questionDir, context.courseRoot), f.value);
      if (context.exists(path)) continue;
      report({ code: 'missing-element-file', message: `File "${f.value}" not found in directory "${f.location.label}".`, start: f.start, end: f.end, data: { path } });
    }
  },
};
