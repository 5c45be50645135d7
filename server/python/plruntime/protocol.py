"""The helper's messages with the extension, as TypedDicts: the same messages as
server/lib/protocol/pythonHelper.ts, which test/lib/protocol/pythonHelper.test.ts checks field by field
against these. One JSON object a line: requests on descriptor 3, replies on descriptor 4 (channel.py).

The helper first writes a Ready; the extension uses it only when its `protocol` is PROTOCOL. Then each
HelperRequest gets one ResultsReply or ErrorReply with the same id and seq. Optional keys sit in the
`total=False` half of each message, so that the definitions read on any Python 3.9+."""

from typing import Any, Dict, List, Literal, TypedDict, Union

# The version both sides speak; a change of any message below changes it.
PROTOCOL = 2


class Ready(TypedDict):
    ready: Literal[True]
    protocol: int
    version: str


class _PhaseJob(TypedDict):
    phase: str
    data: Dict[str, Any]


class PhaseJob(_PhaseJob, total=False):
    """One phase of a call unit; `html` is absent for generate, `nonce` is render's."""

    html: str
    partialCredit: bool
    nonce: str


class _HelperRequest(TypedDict):
    id: int
    seq: int
    courseRoot: str
    questionDir: str
    knownElements: List[str]
    jobs: List[PhaseJob]
    timeoutMs: float
    questionTimeoutMs: float
    memoryMb: float


class HelperRequest(_HelperRequest, total=False):
    childTags: List[str]


class _PhaseIssue(TypedDict):
    message: str
    fatal: bool
    phase: str


class PhaseIssue(_PhaseIssue, total=False):
    file: str
    line: int
    traceback: str


class _PhaseResult(TypedDict):
    data: Dict[str, Any]
    fatal: bool
    issues: List[PhaseIssue]
    processedElements: List[str]
    unsupportedElements: List[str]


class PhaseResult(_PhaseResult, total=False):
    """`file` (base64) is the file phase's only."""

    html: str
    file: str


class HelperError(TypedDict):
    kind: Literal["timeout", "recursion", "crash", "memory", "protocol"]
    message: str


class ResultsReply(TypedDict):
    id: int
    seq: int
    results: List[PhaseResult]


class ErrorReply(TypedDict):
    id: int
    seq: int
    error: HelperError


HelperReply = Union[ResultsReply, ErrorReply]
