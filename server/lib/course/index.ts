// The course model and its rules: a plain library with no editor or protocol imports.
export * from './course';
export * from './courseReader';
export * from './diagnostic';
export * from './jsonFile';
export * from './checker/checkOptions';
export * from './checker/courseChecker';
export * from './checker/questionFileChecker';
export { checkQuestionFileAfresh, courseNotes, type QuestionFileToCheck } from './checker/questionFileStore';
export { SCHEMAS, validateAgainstSchema } from './schemaValidation';
export { ALL_RULES, infoFileCodes, codeSeverity } from './rules';
