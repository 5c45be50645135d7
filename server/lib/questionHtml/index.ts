// The questionHtml library's public face: what other libraries and programs may import from it.
export { DEPRECATION_SUMMARY, ServerPyCache, questionFileCheckers } from './checkTemplate';
export { completeAt, type CompletionKind } from './completion';
export { QUESTION_FILE_NAMES, allCodes, newCourseChecker } from './courseChecks';
export {
  allEntries, attributeDefault, attributeDescription, elementDescription, elementInfos, topLevelTags,
  type ElementInfo, type ValueType,
} from './elements';
export { hoverAt } from './hover';
export { scanMustache } from './templateScanner';
export { questionContext, type QuestionContext } from './questionContext';
export type { MustacheTag } from './templateModel';
export { quickFix } from './quickFixes';
