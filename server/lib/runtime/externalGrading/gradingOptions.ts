/**
 * A question's `externalGradingOptions` as PrairieLearn reads them: the image, the entrypoint
 * (a string split as a shell would, or an array), the serverFilesCourse entries copied into the
 * job, the timeout (default 30 s, at most 600 s) and whether the network is enabled.
 */
export interface GradingOptions {
  image: string;
  /** undefined: the image's own entrypoint. */
  entrypoint?: string[];
  serverFilesCourse: string[];
  timeoutSeconds: number;
  enableNetworking: boolean;
  /** null unsets a variable, as PrairieLearn's `{"VAR": null}` does. */
  environment: Record<string, string | null>;
}

export const DEFAULT_TIMEOUT_S = 30;
export const MAX_TIMEOUT_S = 600;
/** The entrypoint the prairielearn/grader-python image runs when the question names none. */
export const PYTHON_GRADER_ENTRYPOINT = '/python_autograder/run.sh';

/** The options, or a reason they cannot be used (no image). */
export function readGradingOptions(raw: unknown): GradingOptions | { problem: string } {
  const o = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (typeof o.image !== 'string' || o.image.trim() === '') return { problem: '"externalGradingOptions" names no grader "image"' };
  const entrypoint = typeof o.entrypoint === 'string' ? splitCommandLine(o.entrypoint) : Array.isArray(o.entrypoint) ? o.entrypoint.map(String) : undefined;
  const timeout = typeof o.timeout === 'number' && o.timeout > 0 ? o.timeout : DEFAULT_TIMEOUT_S;
  const environment: Record<string, string | null> = {};
  if (o.environment && typeof o.environment === 'object') {
    for (const [k, v] of Object.entries(o.environment as Record<string, unknown>)) environment[k] = v === null ? null : String(v);
  }
  return {
    image: o.image.trim(),
    entrypoint: entrypoint && entrypoint.length > 0 ? entrypoint : undefined,
    serverFilesCourse: Array.isArray(o.serverFilesCourse) ? o.serverFilesCourse.filter((f): f is string => typeof f === 'string') : [],
    timeoutSeconds: Math.min(timeout, MAX_TIMEOUT_S),
    enableNetworking: o.enableNetworking === true,
    environment,
  };
}

/** Whether the built-in runner grades this question: the Python autograder image with its own entrypoint. */
export function usesPythonGrader(options: GradingOptions): boolean {
  const [name] = options.image.split('@');
  const repo = name.replace(/:[^/:]*$/, '').replace(/^(docker\.io\/)?(library\/)?/, '');
  const standardEntry = !options.entrypoint || (options.entrypoint.length === 1 && options.entrypoint[0] === PYTHON_GRADER_ENTRYPOINT);
  return repo === 'prairielearn/grader-python' && standardEntry;
}

/** A command line split into words as a POSIX shell splits it (quotes and backslashes; no expansion). */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1])) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (/\s/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return words;
}
