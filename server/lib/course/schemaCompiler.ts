import Ajv, { type Options, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type { InfoKind } from './course';
import { SCHEMA_KINDS, SCHEMAS } from './schemas';

/**
 * ajv draft-07 with all errors, as PrairieLearn's sync validates. `verbose` only adds each error's
 * parent schema, which carries `patternErrorMessage` for readable pattern messages. `optimize: false`
 * skips ajv's code-size passes: a third less compile time when the schemas are compiled at run time
 * (from source), and the same validation speed.
 */
const AJV_OPTIONS: Options = { allErrors: true, allowUnionTypes: true, strict: false, verbose: true, formats: { uuid: true }, code: { optimize: false } };

/** A validator per kind, compiled from the schemas now. */
export function compileValidators(): Record<InfoKind, ValidateFunction> {
  const ajv = new Ajv(AJV_OPTIONS);
  return Object.fromEntries(SCHEMA_KINDS.map((kind) => [kind, ajv.compile(SCHEMAS[kind])])) as Record<InfoKind, ValidateFunction>;
}

/** CommonJS code exporting a validator per kind (build.mjs bundles it in place of schemaValidators.ts). */
export function standaloneValidatorCode(): string {
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { ...AJV_OPTIONS.code, source: true } });
  for (const kind of SCHEMA_KINDS) ajv.addSchema(SCHEMAS[kind], kind);
  return standaloneCode(ajv, Object.fromEntries(SCHEMA_KINDS.map((kind) => [kind, kind])));
}
