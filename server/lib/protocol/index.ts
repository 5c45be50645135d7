// The protocol library: what crosses a process (the instructor API's records, the language server's custom
// requests, the question runtime's records, the reference server's ready message), and the small functions both
// sides of a boundary must agree on (the `plfile:` URL codec, the course root and question of a path). Every
// layer, the client included, may import it, and it imports nothing of theirs.
export type * as Api from './apiRecords';
export {
  AGENT_TOOL_REQUEST, COURSE_STATUS_NOTIFICATION, type AgentToolAnswer, type AgentToolParams, type CourseStatus,
} from './languageServer';
export {
  NO_PYTHON_CODE, type PreviewFile, type PreviewMethod, type PreviewRequests, type PreviewState,
  type QuestionRef, type SubmissionRecord, type SubmissionSummary,
} from './questionPreview';
export type {
  ExpectedResult, JsonObject, PythonInfo, PythonProblem, QuestionTestResult, RenderedQuestion, RuntimeIssue,
  RuntimeOptions, RuntimePhase, Submission, Variant,
} from './questionRuntime';
export type { ReferenceServerReady, ReferenceServerSamples } from './referenceServerReady';
export {
  PLFILE, PLFILE_URL_IN_PAGE, VARIANT_FILES_URL, parsePlfileUrl, plfileUrl, submissionFilesUrl, submissionGeneratedFilesUrl,
  variantFileNames, type PlfileArea, type PlfileRef,
} from './plfileUrls';
export { courseRootOf, qidOf, questionOf, type IsFile, type QuestionPlace } from './coursePaths';
export {
  PYTHON_HELPER_PROTOCOL, type ErrorReply, type HelperError, type HelperErrorKind, type HelperReady, type HelperReply,
  type HelperRequest, type PhaseIssue, type PhaseJob, type PhaseResult, type ResultsReply, type UnitReply, type UnitRequest,
} from './pythonHelper';
