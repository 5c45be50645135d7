import type { ErrorObject } from 'ajv';
import { schemaValidators } from './schemaValidators';
import type { InfoKind } from './course';
import { valueAtPath, type JsonPath } from './jsonFile';

export { SCHEMAS } from './schemas';

export interface SchemaProblem {
  path: JsonPath;
  part: 'key' | 'value';
  message: string;
}

export function validateAgainstSchema(kind: InfoKind, data: unknown): SchemaProblem[] {
  const validate = schemaValidators()[kind];
  if (validate(data)) return [];
  const problems = condense(validate.errors ?? []).map((e) => describeError(e, data));
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${JSON.stringify(p.path)}|${p.part}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A condensed error: an ajv error, or the summary of a union none of whose branches accepted the value. */
type CondensedError = ErrorObject & { expected?: string[]; nameError?: ErrorObject };

const isWithin = (pointer: string, ancestor: string) => pointer === ancestor || pointer.startsWith(ancestor + '/');

/**
 * Replaces each failed anyOf/oneOf and its per-branch errors by what is worth telling. ajv reports a
 * union's branch errors just before the union error itself, and errors inside a `$ref`'d branch carry
 * the definition's schemaPath, so a branch's errors are found as the run of errors at or below the
 * union's instance path that immediately precedes it (walking backwards handles nesting). This relies
 * on unions not sharing a schema object with other failing keywords, which holds for schemas/*.json.
 */
function condense(errors: ErrorObject[]): CondensedError[] {
  const out: CondensedError[] = [];
  for (let i = errors.length - 1; i >= 0; i--) {
    const e = errors[i];
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      let start = i;
      while (start > 0 && isWithin(errors[start - 1].instancePath, e.instancePath)) start--;
      out.unshift(...summarizeUnion(e, condense(errors.slice(start, i))));
      i = start;
    } else if (e.keyword === 'propertyNames') {
      // ajv reports the failed check on the name (marked with `propertyName`) just before; fold it in.
      const cause = i > 0 && errors[i - 1].propertyName === e.params.propertyName ? errors[i - 1] : undefined;
      if (cause) i--;
      out.unshift({ ...e, nameError: cause });
    } else if (e.keyword !== 'if') {
      // An `if` error only says that its `then`/`else` failed; that failure is reported on its own.
      out.unshift(e);
    }
  }
  return out;
}

/**
 * Branches rejected because the value is of another kind (a type, const or enum mismatch right at the
 * union's spot) say nothing useful when another branch got further: report that branch's problems.
 * When every branch rejected the kind of value, list the accepted kinds instead.
 */
function summarizeUnion(union: ErrorObject, branchErrors: CondensedError[]): CondensedError[] {
  const wrongKind = (b: CondensedError) =>
    b.instancePath === union.instancePath && (b.keyword === 'type' || b.keyword === 'const' || b.keyword === 'enum');
  const telling = branchErrors.filter((b) => !wrongKind(b));
  if (telling.length > 0) return telling;
  const expected = new Set<string>();
  for (const b of branchErrors) {
    if (b.keyword === 'type') for (const t of typeNames(b.params.type)) expected.add(withArticle(t));
    else if (b.keyword === 'const') expected.add(JSON.stringify(b.params.allowedValue));
    else for (const v of (b.params.allowedValues as unknown[]) ?? []) expected.add(JSON.stringify(v));
  }
  return [{ ...union, expected: [...expected] }];
}

function typeNames(type: unknown): string[] {
  return Array.isArray(type) ? type.map(String) : String(type).split(',');
}

function withArticle(type: string): string {
  if (type === 'null') return 'null';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function orList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** ajv's wording, made plainer where it is terse ("must NOT have fewer than 1 items"). */
function plainMessage(e: CondensedError): string {
  const p = e.params;
  switch (e.keyword) {
    case 'type':
      return `must be ${orList(typeNames(p.type).map(withArticle))}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'minItems':
      return `must have at least ${plural(p.limit, 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(p.limit, 'item')}`;
    case 'minLength':
      return p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(p.limit, 'character')} long`;
    case 'minimum':
      return `must be ${p.limit} or more`;
    case 'maximum':
      return `must be ${p.limit} or less`;
    case 'pattern': {
      const custom = e.parentSchema?.patternErrorMessage;
      return typeof custom === 'string' ? custom.replace(/\.$/, '') : `must match the pattern ${p.pattern}`;
    }
    default:
      return e.message ?? 'is invalid';
  }
}

/** Formats path segments the way authors read them: zones[0].questions[1].points. */
function formatPath(path: JsonPath): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

function describeError(e: CondensedError, data: unknown): SchemaProblem {
  const path = pointerToPath(e.instancePath, data);
  const where = path.length ? `"${formatPath(path)}"` : 'The file';
  if (e.expected) {
    const message = e.expected.length ? `must be ${orList(e.expected)}` : 'does not match any of the allowed forms';
    return { path, part: 'value', message: `${where} ${message}.` };
  }
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(e.params.additionalProperty);
      return {
        path: [...path, name],
        part: 'key',
        message: `Property "${name}" is not allowed here; PrairieLearn rejects unknown properties. Remove it or fix its spelling.`,
      };
    }
    case 'false schema':
      return { path, part: 'key', message: `Property "${path[path.length - 1]}" is not allowed here.` };
    case 'required':
      return { path, part: 'key', message: `${where} is missing the required property "${e.params.missingProperty}".` };
    case 'uniqueItems': {
      const dup = Math.max(Number(e.params.i), Number(e.params.j));
      const item = valueAtPath(data, [...path, dup]);
      return {
        path: [...path, dup],
        part: 'value',
        message: `${where} lists ${JSON.stringify(item)} more than once; each entry must be unique.`,
      };
    }
    case 'propertyNames': {
      const name = String(e.params.propertyName);
      const cause = e.nameError;
      let message = `Property name "${name}" is invalid here.`;
      if (cause?.keyword === 'enum') message = `Property "${name}" is not allowed here; use one of ${(cause.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}.`;
      else if (cause?.keyword === 'minLength' && name === '') message = 'Property names must not be empty here.';
      else if (cause) message = `Property name "${name}" ${plainMessage(cause)}.`;
      return { path: [...path, name], part: 'key', message };
    }
    default:
      return { path, part: 'value', message: `${where} ${plainMessage(e)}.` };
  }
}

/** Turns an ajv instance path into path segments, using the data to tell array indexes from keys. */
export function pointerToPath(pointer: string, data: unknown): JsonPath {
  if (!pointer) return [];
  const out: JsonPath = [];
  let cur = data;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const key = Array.isArray(cur) ? Number(seg) : seg;
    out.push(key);
    cur = valueAtPath(cur, [key]);
  }
  return out;
}
