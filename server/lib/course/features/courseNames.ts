import type { Course } from '../course';
import type { JsonPath } from '../jsonFile';
import { BUILT_IN_ASSESSMENT_SETS, BUILT_IN_MODULES, BUILT_IN_TAGS } from '../courseConventions';

/** The lists of infoCourse.json that declare names other files use. */
export type NameList = 'topics' | 'tags' | 'sharingSets' | 'assessmentSets' | 'assessmentModules';

export interface DeclaredName {
  name: string;
  description?: string;
  /** Supplied by PrairieLearn when used without a declaration. */
  builtIn?: boolean;
  /** Where it is declared in infoCourse.json, for declared names. */
  path?: JsonPath;
}

// Names PrairieLearn supplies itself when a course uses them without declaring them.
const BUILT_IN: Partial<Record<NameList, string[]>> = {
  tags: BUILT_IN_TAGS,
  assessmentSets: BUILT_IN_ASSESSMENT_SETS,
  assessmentModules: BUILT_IN_MODULES,
};

/**
 * Names declared in one list of infoCourse.json, then the built-in ones not redeclared. Reads the
 * parsed file even when it fails its schema, so completion keeps working while it is being edited.
 */
export function declaredNames(course: Course, list: NameList): DeclaredName[] {
  const data = course.info.file?.value as Record<string, unknown> | undefined;
  const items = data && typeof data === 'object' && Array.isArray(data[list]) ? (data[list] as unknown[]) : [];
  const out: DeclaredName[] = [];
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const { name, description, heading } = (item ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || seen.has(name)) return;
    seen.add(name);
    const text = typeof description === 'string' ? description : typeof heading === 'string' ? heading : undefined;
    out.push({ name, description: text, path: [list, i, 'name'] });
  });
  for (const name of BUILT_IN[list] ?? []) {
    if (!seen.has(name)) out.push({ name, builtIn: true });
  }
  return out;
}
