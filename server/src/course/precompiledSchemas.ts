import type { ValidateFunction } from 'ajv';
import type { InfoKind } from './course';

/**
 * The schemas as validation code made at build time: build.mjs replaces this module in the bundles
 * by ajv's standalone code (see `standaloneValidatorCode`), so that pl-check and the language
 * server do not compile the schemas at every start. Run from source (the tests), there is none and
 * the schemas are compiled on first use, with the same options.
 */
export const precompiledValidators: Record<InfoKind, ValidateFunction> | undefined = undefined;
