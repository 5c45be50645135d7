"""One call unit in a forked child: seed once, then run each phase job (elements, score, server.py)."""

import base64
import copy
import json
import os
import random
import sys

from .bounds import FILE_BYTES, HTML_CHARS, ISSUE_CHARS, BoundedOutput, invalid_data, oversized_data, size_text
from .controllers import Controllers, ElementError
from .datacheck import check_data
from .elementmap import build_element_map, build_extensions
from .fakerseed import seed_faker_on_import
from .issues import from_exception, issue
from .messages import exit_site, system_exit_message
from .serverpy import ServerModule
from .traverse import Renderer, describe, execute, outer_html, serialize


class Context:
    def __init__(self, request, python_root, base_path):
        self.course_root = request["courseRoot"]
        self.question_dir = request["questionDir"]
        self.python_root = python_root
        self.fallback_root = os.path.join(python_root, "fallback")
        self.base_path = base_path
        self.known_elements = set(request.get("knownElements", []))
        self.child_tags = frozenset(request.get("childTags", []))
        self.phase = None


class Capture:
    """Collects what course code prints, as PrairieLearn's console-output issues (bounded)."""

    def __enter__(self):
        self.saved = sys.stdout, sys.stderr
        self.buffer = BoundedOutput()
        sys.stdout = sys.stderr = self.buffer
        return self

    def __exit__(self, *exc):
        sys.stdout, sys.stderr = self.saved
        return False

    def text(self):
        return self.buffer.getvalue()


def seed_rngs(seed):
    random.seed(seed)
    seed_faker_on_import(seed)
    try:
        import numpy

        numpy.random.seed(seed)
    except ImportError:
        pass


def compute_score(partial_scores, partial_credit):
    """PrairieLearn's score from partial scores (docs/reference/questionLifecycle.md, Scores), before server.py grade()."""
    entries = [p for p in partial_scores.values() if isinstance(p, dict)] if isinstance(partial_scores, dict) else []

    def number(v, default):
        return v if isinstance(v, (int, float)) and not isinstance(v, bool) else default

    if not partial_credit:
        return 1 if entries and all(number(p.get("score"), 0) >= 1 for p in entries) else 0
    total = sum(number(p.get("weight"), 1) for p in entries)
    if not entries:
        return 0
    return sum(number(p.get("weight"), 1) * number(p.get("score"), 0) for p in entries) / (total or 1)


def file_bytes(value):
    if value is None:
        return b""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    if hasattr(value, "read"):
        if hasattr(value, "seek"):
            value.seek(0)
        return file_bytes(value.read())
    raise TypeError(f"file() returned {type(value).__name__}; return str, bytes or a file-like object")


def run_unit(request, python_root, base_path, on_phase=None):
    ctx = Context(request, python_root, base_path)
    elements = build_element_map(os.path.join(python_root, "elements"), ctx.course_root)
    controllers = Controllers(ctx, elements, build_extensions(ctx.course_root))
    server = ServerModule(ctx)
    jobs = request["jobs"]
    if jobs:
        seed_rngs(jobs[0]["data"].get("variant_seed", 0))
    results = []
    for index, job in enumerate(jobs):
        if on_phase:
            on_phase(index)  # each phase call gets its own time limit
        results.append(run_job(ctx, job, elements, controllers, server))
    return results


def run_job(ctx, job, elements, controllers, server):
    phase = ctx.phase = job["phase"]
    data = job["data"]
    original = copy.deepcopy(data)
    result = {"issues": [], "processedElements": [], "unsupportedElements": []}
    issues = result["issues"]
    html_out, produced_file = None, None
    fatal = False

    if phase != "generate" and job.get("html") is not None:

        def element_call(tag, el):
            nonlocal produced_file
            who = describe(el)
            has, value = controllers.call(tag, phase, outer_html(el), data, describe=who)
            if phase == "file":
                if has and value is not None and value != b"" and value != "":
                    if produced_file is not None:
                        raise ElementError(issue("Another element already returned a file", phase=phase))
                    produced_file = file_bytes(value)
            elif phase != "render":
                if value is not None:
                    print(f"Warning: {who} {phase}() returned a value, which is ignored: elements change data in place")
                problems = check_data(phase, original, data, f"Element {who}")
                if problems:
                    raise ElementError(issue("; ".join(problems), phase=phase, file=elements[tag]["controller"]))
            return has, value

        try:
            with Capture() as cap:
                if phase == "render":
                    renderer = Renderer(elements, element_call, ctx.known_elements, job.get("nonce"), ctx.child_tags)
                    html_out = renderer.render(job["html"])
                    result["processedElements"] = renderer.processed
                    result["unsupportedElements"] = renderer.unsupported
                    result["elementDependencies"] = [
                        {"name": elements[t]["name"], "course": elements[t]["course"], "dependencies": elements[t]["dependencies"],
                         # As PrairieLearn: the course's extensions of a rendered element bring their page files too.
                         "extensions": {ext: info.get("dependencies") or {} for ext, info in controllers.extensions.get(elements[t]["name"], {}).items()}}
                        for t in renderer.processed
                    ]
                else:
                    result["processedElements"] = execute(job["html"], elements, element_call)
        except ElementError as err:
            issues.append(err.issue)
            fatal = True
        except SystemExit as err:
            site = exit_site(err)
            issues.append(issue(system_exit_message(err), phase=phase, file=site and site[0], line=site and site[1]))
            fatal = True
        except Exception as err:  # noqa: BLE001 - HTML that lxml cannot take
            issues.append(from_exception(err, phase=phase, prefix="Error processing question.html: ", file=ctx.question_dir + "/question.html"))
            fatal = True
        if cap.text():
            issues.append(issue(f"output logged on console during {phase}():\n{cap.text()}", fatal=False, phase=phase))

    if not fatal and phase in ("grade", "test"):
        data["score"] = compute_score(data.get("partial_scores"), job.get("partialCredit", True))

    if not fatal:
        fn, load_issue = server.function(phase, phase)
        if load_issue:
            issues.append(load_issue)
            fatal = True
        elif fn is not None:
            rendered = html_out
            data, html_out, server_file, fatal = call_server(ctx, server, fn, phase, data, original, html_out, issues)
            if phase == "render" and not fatal and isinstance(html_out, str) and html_out is not rendered:
                html_out, fatal = reserialize(html_out, job.get("nonce"), server.path, issues)
            if server_file:
                if produced_file:
                    issues.append(issue("attempting to overwrite non-empty fileData", phase=phase, file=server.path))
                    fatal = True
                else:
                    produced_file = server_file

    result["data"] = data
    result["fatal"] = fatal
    if phase == "render":
        result["html"] = html_out if isinstance(html_out, str) else ""
    if phase == "file":
        if produced_file and len(produced_file) > FILE_BYTES:
            size = size_text(len(produced_file))
            message = f"file() produced {size} for {data.get('filename')}, over the limit of {size_text(FILE_BYTES)} for a generated file"
            issues.append(issue(message, phase=phase))
            result["fatal"], produced_file = True, b""
        result["file"] = base64.b64encode(produced_file or b"").decode("ascii")
    return result


def reserialize(text, nonce, path, issues):
    """server.py's render output, written as the elements' was (its scripts get the nonce)."""
    try:
        return serialize(text, nonce), False
    except Exception as err:  # noqa: BLE001 - HTML that lxml cannot take
        issues.append(from_exception(err, phase="render", prefix="Error in the HTML server.py render() returned: ", file=path))
        return "", True


def call_server(ctx, server, fn, phase, data, original, html_out, issues):
    """Runs server.py's `fn`; returns (data, html, file bytes, fatal)."""
    produced = None
    fatal = False
    saved = server.enter()
    try:
        with Capture() as cap:
            try:
                if phase == "render":
                    value = fn(data, html_out)
                    html_out = value if isinstance(value, str) else html_out
                elif phase == "file":
                    produced = file_bytes(fn(data))
                else:
                    value = fn(data)
                    if value is not None and value is not data:
                        print(f"Warning: server.py {phase}() returned a value; it replaces data (change data in place instead)")
                        if isinstance(value, dict):
                            data = value
            except Exception as err:  # noqa: BLE001 - server.py failures are course issues
                issues.append(from_exception(err, phase=phase, prefix=f"Error in server.py {phase}(): ", file=server.path))
                fatal = True
            except SystemExit as err:
                site = exit_site(err)
                issues.append(issue(system_exit_message(err), phase=phase, file=site and site[0], line=site and site[1]))
                fatal = True
    finally:
        server.leave(saved)
    if cap.text():
        issues.append(issue(f"{server.path}: output logged on console:\n{cap.text()}", fatal=False, phase=phase, file=server.path))
    if not fatal:
        problems = check_data(phase, original, data, f"server.py {phase}()")
        if problems:
            issues.append(issue("; ".join(problems), phase=phase, file=server.path))
            fatal = True
    return data, html_out, produced, fatal


def _bound_outputs(result, phase):
    """A fatal issue instead of HTML over its size limit; issue texts cut to size."""
    html = result.get("html")
    if isinstance(html, str) and len(html) > HTML_CHARS:
        result["issues"].append(issue(f"render() produced {size_text(len(html))} of HTML, over the limit of {size_text(HTML_CHARS)}", phase=phase))
        result["html"], result["fatal"] = "", True
    for found in result["issues"]:
        for key in ("message", "traceback"):
            text = found.get(key)
            if isinstance(text, str) and len(text) > ISSUE_CHARS:
                found[key] = text[:ISSUE_CHARS] + f"\n[cut at {ISSUE_CHARS:,} characters: {len(text) - ISSUE_CHARS:,} more were not kept]"


def encode_results(results, original_jobs):
    """The reply text; data that cannot be sent (or is too large) becomes a fatal issue, and the job's
    input data is sent back instead."""
    for result, job in zip(results, original_jobs):
        phase = job["phase"]
        _bound_outputs(result, phase)
        data = result["data"]
        problem = invalid_data(data) if isinstance(data, dict) else f"data is a {type(data).__name__}, not a dict"
        if problem is None:
            problem = oversized_data(data, len(json.dumps(data)))
        if problem:
            result["issues"].append(issue(f"Invalid data after {phase}(): {problem}", phase=phase))
            result["fatal"] = True
            result["data"] = job["original"]
    return json.dumps(results, allow_nan=False)
