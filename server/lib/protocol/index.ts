// The protocol library: what crosses a process (the instructor API's records, the language server's custom
// requests, the question runtime's records, the reference server's ready message). Types and small constants
// only: every layer, the client included, may import it, and it imports nothing of theirs.
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
