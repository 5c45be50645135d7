import type { JsonPath } from '../jsonFile';
import type { FileRule } from './rule';

/** What a legacy option may hold; `minimum`/`minItems` mirror PrairieLearn's zod bounds. */
type OptionField =
  | { kind: 'comment' }
  | { kind: 'string'; required?: boolean }
  | { kind: 'stringList'; required?: boolean; minItems?: number; minItemsMessage?: string }
  | { kind: 'integer'; minimum?: number };

/**
 * The strict option shapes of the legacy ("v2") question types. Calculation accepts any keys, so it
 * has no entry; v3 questions may not have `options` at all.
 */
const LEGACY_OPTION_SHAPES: Record<string, Record<string, OptionField>> = {
  Checkbox: {
    comment: { kind: 'comment' },
    text: { kind: 'string', required: true },
    correctAnswers: { kind: 'stringList', required: true },
    incorrectAnswers: { kind: 'stringList', required: true },
    numberAnswers: { kind: 'integer', minimum: 1 },
    minCorrectAnswers: { kind: 'integer', minimum: 0 },
    maxCorrectAnswers: { kind: 'integer', minimum: 0 },
  },
  MultipleChoice: {
    comment: { kind: 'comment' },
    text: { kind: 'string', required: true },
    correctAnswers: { kind: 'stringList', required: true, minItems: 1, minItemsMessage: 'At least one correct answer is required' },
    incorrectAnswers: { kind: 'stringList', required: true },
    numberAnswers: { kind: 'integer' },
  },
  File: {
    comment: { kind: 'comment' },
    fileName: { kind: 'string' },
  },
  MultipleTrueFalse: {
    comment: { kind: 'comment' },
    text: { kind: 'string' },
    trueStatements: { kind: 'stringList', required: true },
    falseStatements: { kind: 'stringList', required: true },
  },
};

const PREFIX = 'Error validating question options:';

/**
 * `options` is only meaningful for legacy question types, and PrairieLearn checks it against the
 * type's own shape (which the JSON schema leaves open), so these errors appear only at sync time.
 */
export const questionOptions: FileRule<'question'> = {
  name: 'questionOptions',
  scope: 'file',
  kinds: ['question'],
  codes: {
    'options-on-v3-question': { severity: 'error', description: 'A v3 question has a legacy "options" object.' },
    'invalid-question-options': { severity: 'error', description: 'A legacy question\'s "options" do not match its type.' },
  },
  check(entry, data, ctx) {
    const options = data.options;
    if (options === undefined) return;
    if (data.type === 'v3') {
      ctx.report(entry, {
        code: 'options-on-v3-question',
        path: ['options'],
        part: 'key',
        message: '"options" is not supported for v3 questions. Remove it; v3 questions configure themselves in question.html and server.py.',
      });
      return;
    }
    const shape = LEGACY_OPTION_SHAPES[data.type];
    if (!shape || !isObject(options)) return;
    const report = (path: JsonPath, part: 'key' | 'value', problem: string) =>
      ctx.report(entry, { code: 'invalid-question-options', path: ['options', ...path], part, message: `${PREFIX} ${problem}` });

    for (const key of Object.keys(options)) {
      if (!(key in shape)) report([key], 'key', `unrecognized key "${key}" for a ${data.type} question. Remove it or fix its spelling.`);
    }
    for (const [key, field] of Object.entries(shape)) {
      const value = options[key];
      if (value === undefined) {
        if ('required' in field && field.required) report([], 'key', `"${key}" is required for a ${data.type} question.`);
        continue;
      }
      switch (field.kind) {
        case 'comment':
          if (value === null || (typeof value !== 'string' && typeof value !== 'object')) report([key], 'value', `"comment" must be a string, an array or an object.`);
          break;
        case 'string':
          if (typeof value !== 'string') report([key], 'value', `"${key}" must be a string.`);
          break;
        case 'integer':
          if (typeof value !== 'number' || !Number.isInteger(value)) report([key], 'value', `"${key}" must be an integer.`);
          else if (field.minimum !== undefined && value < field.minimum) report([key], 'value', `"${key}" must be at least ${field.minimum}.`);
          break;
        case 'stringList':
          if (!Array.isArray(value)) {
            report([key], 'value', `"${key}" must be an array of strings.`);
            break;
          }
          value.forEach((item, i) => {
            if (typeof item !== 'string') report([key, i], 'value', `"${key}[${i}]" must be a string.`);
          });
          if (field.minItems !== undefined && value.length < field.minItems) report([key], 'value', `${field.minItemsMessage}.`);
          break;
      }
    }
  },
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
