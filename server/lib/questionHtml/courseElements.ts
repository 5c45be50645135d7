import * as nodePath from 'node:path';
import type { CourseReader } from '../course';

/**
 * The course's own elements (folder names under elements/, lower case as lxml sees tags) and
 * what its element extensions add to core elements. A set of names, so that code that needs only
 * the names takes any set.
 */
export class CourseElements extends Set<string> {
  /**
   * Per extended core element (pl-drawing), the pl-* names its extensions under
   * elementExtensions/<element>/<extension>/ are seen to define. An extension registers its
   * objects in Python by name (a pl-drawing extension maps "pl-led" to a class), so the quoted
   * pl-* names in its Python, JavaScript and info.json are taken as what it adds.
   */
  readonly extensions = new Map<string, Set<string>>();
}

/** The names the course's extensions of `element` define, or undefined when nothing extends it. */
export function extensionNames(courseElements: ReadonlySet<string>, element: string): ReadonlySet<string> | undefined {
  return courseElements instanceof CourseElements ? courseElements.extensions.get(element) : undefined;
}

const NAME = /["'](pl-[a-z0-9][a-z0-9_-]*)["']/gi;
const SOURCE = /\.(py|js|mjs|json)$/i;
/** An extension is a few files; a folder far larger than that is not read whole. */
const MAX_FILES = 50;
const MAX_CHARS = 1_000_000;

export function readCourseElements(courseRoot: string, reader: CourseReader): CourseElements {
  const out = new CourseElements();
  for (const d of listDir(reader, nodePath.join(courseRoot, 'elements'))) if (d.isDirectory) out.add(d.name.toLowerCase());
  const extensionsRoot = nodePath.join(courseRoot, 'elementExtensions');
  for (const element of listDir(reader, extensionsRoot)) {
    if (!element.isDirectory) continue;
    const names = new Set<string>();
    const elementDir = nodePath.join(extensionsRoot, element.name);
    for (const extension of listDir(reader, elementDir)) {
      if (!extension.isDirectory) continue;
      const dir = nodePath.join(elementDir, extension.name);
      const files = listDir(reader, dir).filter((f) => !f.isDirectory && SOURCE.test(f.name)).slice(0, MAX_FILES);
      for (const f of files) {
        let text: string;
        try {
          text = reader.readText(nodePath.join(dir, f.name));
        } catch {
          continue;
        }
        for (const m of text.slice(0, MAX_CHARS).matchAll(NAME)) names.add(m[1].toLowerCase());
      }
    }
    out.extensions.set(element.name.toLowerCase(), names);
  }
  return out;
}

function listDir(reader: CourseReader, dir: string): { name: string; isDirectory: boolean }[] {
  try {
    return reader.readDir(dir);
  } catch {
    return [];
  }
}
