// The course model and its rules: a plain library with no editor or protocol imports.
export * from './course';
export * from './courseReader';
export * from './diagnostic';
export * from './jsonFile';
export * from './checkCourse';
export { SCHEMAS, validateAgainstSchema } from './schemaValidation';
export { ALL_RULES, allCodes, codeSeverity } from './rules';
