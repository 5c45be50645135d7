import * as nodePath from 'node:path';
import type { CourseReader, DirEntry } from '../course';
import { readServerPyText, scanServerPy, type ServerPyNames } from './serverPy';

/**
 * What the question.html rules, completion and hover may know beyond the template: where the
 * question and its course are, the course's own elements, its files and what server.py sets.
 * Every field is optional: without one, the help that needs it is left out (a template alone,
 * in a test or outside a course, still gets everything else).
 */
export interface QuestionContext {
  /** Absolute folder of the question. */
  readonly questionDir?: string;
  readonly courseRoot?: string;
  /** The course's own elements (elements/) and what its element extensions add. */
  readonly courseElements?: ReadonlySet<string>;
  exists?(path: string): boolean;
  /** Entries of a folder; throws or returns [] when it does not exist. */
  readDir?(path: string): DirEntry[];
  /** Names server.py sets; undefined when there is no server.py. */
  readonly serverPy?: ServerPyNames;
}

export interface QuestionContextOptions {
  /** The course's elements when the caller has them already (one set serves a whole course check). */
  courseElements?: ReadonlySet<string>;
  /** How server.py of a folder is read and scanned, e.g. through a cache; by default read and scanned here. */
  serverPy?: (questionDir: string, reader: CourseReader) => ServerPyNames | undefined;
}

/**
 * The context of the question in `questionDir`. The course's elements and server.py are read on
 * first use only: most rules and most completions need neither.
 */
export function questionContext(courseRoot: string | undefined, questionDir: string, reader: CourseReader, options: QuestionContextOptions = {}): QuestionContext {
  return new QuestionOnDisk(courseRoot, questionDir, reader, options);
}

// A class rather than an object literal with getters: a course check makes one per question,
// and a literal's getters are defined anew each time (measured: a fresh check a tenth slower).
class QuestionOnDisk implements QuestionContext {
  private elements: ReadonlySet<string> | undefined;
  private serverPyScan: { names: ServerPyNames | undefined } | undefined;

  constructor(
    readonly courseRoot: string | undefined,
    readonly questionDir: string,
    private readonly reader: CourseReader,
    private readonly options: QuestionContextOptions,
  ) {
    this.elements = options.courseElements;
  }

  get courseElements(): ReadonlySet<string> | undefined {
    if (this.elements === undefined && this.courseRoot !== undefined) this.elements = readCourseElements(this.courseRoot, this.reader);
    return this.elements;
  }

  get serverPy(): ServerPyNames | undefined {
    this.serverPyScan ??= { names: (this.options.serverPy ?? readServerPy)(this.questionDir, this.reader) };
    return this.serverPyScan.names;
  }

  exists(path: string): boolean {
    return this.reader.exists(path);
  }

  readDir(path: string): DirEntry[] {
    return this.reader.readDir(path);
  }
}

/** server.py of a question, scanned; undefined when there is none or it cannot be read. */
function readServerPy(questionDir: string, reader: CourseReader): ServerPyNames | undefined {
  const text = readServerPyText(questionDir, reader);
  return text === undefined ? undefined : scanServerPy(text);
}

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
