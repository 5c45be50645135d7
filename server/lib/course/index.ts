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
export type { InfoData } from './rules/rule';
export { declaredNames, type NameList } from './features/courseNames';
export { documentSymbols, type OutlineSymbol, type SymbolKind } from './features/courseSymbols';
export { nameDeclaration, qidUseCounts, usesOf, type UsedThing } from './features/courseUses';
export { DECLARATION_LIST, declareNamesEdit } from './features/declareName';
export { UUID_CODES, declarationOf, infoFileFixes } from './features/fixAll';
export { nearestName } from './features/nearestName';
export { newUuid, uuidEdit } from './features/newUuid';
export { propertyNote } from './features/propertyNotes';
export { qidCandidates } from './features/qidCompletion';
export { describeReference } from './features/referenceHover';
export { referenceLinks, referenceTarget, type ReferenceTarget } from './features/referenceTargets';
export {
  isRefusal, newQidRefusal, qidsMovedWithFolder, renameName, renameQuestion, rewriteQids, type FileEdits,
} from './features/renameEdits';
export type { OffsetEdit } from './features/textEdits';
export { questionOfFile, usedThingAt } from './features/usedThing';
export { valueCandidates, type ValueCandidate } from './features/valueCandidates';
export { valueContextAt } from './features/valueContext';
export { workspaceSymbols, type CourseSymbol } from './features/workspaceSymbols';
export { sameItems } from './checker/checkPass';
export { UUID_PATTERN, soleUuid, uuidMentions } from './uuid';
