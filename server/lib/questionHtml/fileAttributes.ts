import * as nodePath from 'node:path';
import data from './elementData.json';
import { findAttribute, type Element } from './template';

/** An attribute that names a course file, and where PrairieLearn looks for it (elementData.json "files"). */
export interface FileAttributeSpec {
  element: string;
  parent?: string;
  attribute: string;
  /** Default folder key (see "folders"). */
  folder: string;
  /** How `directory` changes the folder: named folders, or a path relative to the question ("relative"). */
  directory?: Record<string, string> | 'relative';
  /** Other attribute values (or "*" for present at all) that turn the lookup off. */
  skipWhen?: Record<string, string>;
}

const SPECS = data.files as FileAttributeSpec[];
const FOLDERS = data.folders as Record<string, string>;

export function fileAttributeSpec(element: string, attribute: string, parent?: string): FileAttributeSpec | undefined {
  return SPECS.find((s) => s.element === element && s.attribute === attribute && (!s.parent || s.parent === parent));
}

export function fileAttributeSpecs(element: string, parent?: string): FileAttributeSpec[] {
  return SPECS.filter((s) => s.element === element && (!s.parent || s.parent === parent));
}

/** Where a file attribute's names are looked up, independent of where the course is. */
export interface FileLocation {
  /** Relative to the question folder or to the course root. */
  base: 'question' | 'course';
  path: string;
  /** The folder as the user knows it (clientFilesQuestion, the question folder...). */
  label: string;
}

/**
 * The folder an element's file attribute is resolved against, or undefined when it cannot be
 * known statically (mustache in `directory`, an unknown directory, or a skip condition holds).
 */
export function fileLocation(el: Element, spec: FileAttributeSpec): FileLocation | undefined {
  for (const [name, value] of Object.entries(spec.skipWhen ?? {})) {
    const a = findAttribute(el, name);
    if (a && (a.dynamic || value === '*' || a.value === value)) return undefined;
  }
  let key = spec.folder;
  const dirAttr = spec.directory ? findAttribute(el, 'directory') : undefined;
  if (dirAttr) {
    if (dirAttr.dynamic || dirAttr.value === undefined) return undefined;
    if (spec.directory === 'relative') {
      if (dirAttr.value !== 'serverFilesCourse' && dirAttr.value !== 'clientFilesCourse') {
        return { base: 'question', path: dirAttr.value, label: dirAttr.value === '.' ? 'the question folder' : dirAttr.value };
      }
      key = dirAttr.value;
    } else {
      const named = spec.directory![dirAttr.value];
      if (!named) return undefined;
      key = named;
    }
  }
  const folder = FOLDERS[key];
  const label = key === 'question' ? 'the question folder' : key;
  return folder.startsWith('@/') ? { base: 'course', path: folder.slice(2), label } : { base: 'question', path: folder, label };
}

export function resolveLocation(location: FileLocation, questionDir: string, courseRoot: string): string {
  return nodePath.resolve(location.base === 'course' ? courseRoot : questionDir, location.path);
}
