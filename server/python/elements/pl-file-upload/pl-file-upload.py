"""pl-file-upload: students upload files by name or by glob pattern; accepted files go to submitted_answers["_files"]."""

import base64
import csv
import fnmatch
import hashlib
import html
import io
import json
import random
import re
import string

import lxml.html
import prairielearn as pl

ATTRIBUTES = ["file-names", "optional-file-names", "file-patterns", "optional-file-patterns"]


def _names(text):
    """A comma-separated list as PrairieLearn reads it: `\\,` is a comma inside a name, spaces after a comma dropped."""
    if not text:
        return []
    reader = csv.reader(io.StringIO(text), delimiter=",", escapechar="\\", quoting=csv.QUOTE_NONE,
                        skipinitialspace=True, strict=True)
    return next(reader)


def _lists(element):
    return {attribute: _names(pl.get_string_attrib(element, attribute, "")) for attribute in ATTRIBUTES}


def _field(element):
    # PrairieLearn's key: sha1 of the raw attributes joined with "/", "//" and "////" ("/" cannot be in a file name).
    raw = [pl.get_string_attrib(element, a, "") for a in ATTRIBUTES]
    key = raw[0] + "".join(sep + value for sep, value in zip(["/", "//", "////"], raw[1:]) if value)
    return "_file_upload_" + hashlib.sha1(key.encode("utf-8")).hexdigest()


def _matches(name, pattern):
    return fnmatch.fnmatch(name.lower(), pattern.lower())


def _accepted(lists, names):
    """(accepted names, required patterns no file matched); each required pattern takes a file of its own."""
    accepted = {n for n in names if n in lists["file-names"]}
    rest = [n for n in names if n not in accepted]
    unmatched = []
    for pattern in lists["file-patterns"]:
        hit = next((n for n in rest if _matches(n, pattern)), None)
        if hit is None:
            unmatched.append(pattern)
        else:
            accepted.add(hit)
            rest.remove(hit)
    accepted |= {n for n in rest if n in lists["optional-file-names"]
                 or any(_matches(n, p) for p in lists["optional-file-patterns"])}
    return accepted, unmatched


def _errors(data, field, messages):
    for message in messages:
        pl.add_files_format_error(data, message)
    data["format_errors"].setdefault(field, []).extend(messages)


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, [], ATTRIBUTES)
    lists = _lists(element)
    if not any(lists.values()):
        raise ValueError("pl-file-upload needs at least one of file-names, optional-file-names, file-patterns, optional-file-patterns")
    if any("/" in item for items in lists.values() for item in items):
        raise ValueError('pl-file-upload file names and patterns may not contain "/"')
    data["params"].setdefault("_required_file_names", []).extend(lists["file-names"])


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    lists = _lists(element)
    field = _field(element)
    raw = data["submitted_answers"].get(field)
    if not raw:
        _errors(data, field, ["No submitted answer for file upload."])
        return
    data["submitted_answers"].pop(field, None)
    try:
        files = json.loads(raw)
        assert isinstance(files, list) and all(isinstance(f.get("name"), str) and isinstance(f.get("contents"), str) for f in files)
    except (ValueError, AssertionError, AttributeError):
        # As PrairieLearn: reported, then checked as an empty list (so missing files are reported too).
        _errors(data, field, ["Could not parse submitted files."])
        files = []
    names = [f["name"] for f in files]
    accepted, unmatched = _accepted(lists, names)
    messages = []
    missing = [n for n in lists["file-names"] if n not in names]
    if missing:
        messages.append("The following required files were missing: " + ", ".join(missing))
    if unmatched:
        messages.append("The following required file patterns were missing: " + ", ".join(unmatched))
    if messages:
        _errors(data, field, messages)
    for entry in files:
        if entry["name"] in accepted:
            pl.add_submitted_file(data, entry["name"], entry["contents"])


def _name_from_pattern(pattern, suffix=""):
    """A file name that a glob pattern accepts: wildcards become `test_file<suffix>`, `?` an x, a class its first
    character (a negated class, the first letter or digit it lets through)."""
    def one_of(match):
        content = match.group(1)
        if content.startswith("!"):
            return next((c for c in string.ascii_letters + string.digits + "_-" if fnmatch.fnmatch(c, f"[{content}]")), "x")
        return "\0" if content[0] == "*" else "\1" if content[0] == "?" else content[0]

    name = re.sub(r"\[([^\]]+)\]", one_of, pattern)
    name = name.replace("**", f"test_file{suffix}").replace("*", f"test_file{suffix}").replace("?", "x")
    return name.replace("\0", "*").replace("\1", "?")


def _test_names(literal, patterns):
    """Literal names, then one name per pattern (a repeated pattern gets _1, _2... so that names stay distinct)."""
    names = list(literal)
    seen = {}
    for pattern in patterns:
        count = seen.get(pattern, 0)
        seen[pattern] = count + 1
        name = _name_from_pattern(pattern, f"_{count}" if count else "")
        if name in names:
            raise ValueError(f"pl-file-upload cannot make distinct test file names: two give '{name}'")
        names.append(name)
    return names


def _test_files(names, kind):
    return json.dumps([{"name": n, "contents": base64.b64encode(f"Test {kind} for {n}".encode()).decode()} for n in names])


def test(element_html, data):
    # As PrairieLearn's (elements/pl-file-upload, 88fb855): the same draws, in the same order, for the optional files.
    element = lxml.html.fragment_fromstring(element_html)
    lists = _lists(element)
    field = _field(element)
    kind = data["test_type"]
    optional = lists["optional-file-names"]
    optional_patterns = lists["optional-file-patterns"]
    if kind in ("correct", "incorrect"):
        chosen = random.sample(optional, random.randint(0, len(optional)))
        chosen_patterns = []
        for pattern in optional_patterns:
            chosen_patterns += [pattern] * random.randint(0, 2 if any(c in pattern for c in "*?") else 1)
        names = _test_names(lists["file-names"] + chosen, lists["file-patterns"] + chosen_patterns)
        if not names:
            if optional:
                names = [random.choice(optional)]
            elif optional_patterns:
                names = [_name_from_pattern(random.choice(optional_patterns))]
            else:
                return
        data["raw_submitted_answers"][field] = _test_files(names, kind)
    elif lists["file-names"]:
        # A required file left out; the others are still sent.
        data["raw_submitted_answers"][field] = _test_files(_test_names(lists["file-names"][1:], lists["file-patterns"]), kind)
        _errors(data, field, [f"The following required files were missing: {lists['file-names'][0]}"])
    else:
        data["raw_submitted_answers"][field] = ""
        _errors(data, field, ["No submitted answer for file upload."])


def render(element_html, data):
    if data["panel"] != "question":
        return ""
    element = lxml.html.fragment_fromstring(element_html)
    lists = _lists(element)
    field = _field(element)
    wanted = [f"<li><code>{html.escape(n)}</code></li>" for n in lists["file-names"]]
    wanted += [f"<li><code>{html.escape(n)}</code> (optional)</li>" for n in lists["optional-file-names"]]
    wanted += [f"<li>files matching <code>{html.escape(p)}</code></li>" for p in lists["file-patterns"]]
    wanted += [f"<li>files matching <code>{html.escape(p)}</code> (optional)</li>" for p in lists["optional-file-patterns"]]
    errors = "".join(f'<div class="invalid-feedback d-block">{m}</div>' for m in data["format_errors"].get(field, []))
    disabled = "" if data["editable"] else " disabled"
    return (f'<div class="pl-file-upload card mb-2"><div class="card-header">Upload these files:<ul class="mb-0">{"".join(wanted)}</ul></div>'
            f'<div class="card-body"><input type="file" class="form-control" multiple aria-label="Files to upload" data-target="{field}"{disabled}>'
            f'<input type="hidden" name="{field}" value="">{errors}</div></div>')
