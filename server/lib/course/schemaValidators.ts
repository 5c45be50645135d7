import type { ValidateFunction } from 'ajv';
import type { InfoKind } from './course';
import { compileValidators } from './schemaCompiler';

let compiled: Record<InfoKind, ValidateFunction> | undefined;

/**
 * The validator of each kind of info file. Run from source (the tests), the schemas are compiled on
 * first use. build.mjs replaces this module in the bundles by ajv's standalone code made at build
 * time with the same options (`standaloneValidatorCode`), so that pl-check and the language server
 * neither load ajv's compiler nor compile the schemas at every start.
 */
export function schemaValidators(): Record<InfoKind, ValidateFunction> {
  return (compiled ??= compileValidators());
}
