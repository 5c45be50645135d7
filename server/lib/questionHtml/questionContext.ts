import type { CourseReader, DirEntry } from '../course';
import { readCourseElements } from './courseElements';
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
