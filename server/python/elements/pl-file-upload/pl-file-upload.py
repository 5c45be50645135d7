"""pl-file-upload: students upload files by name or by glob pattern; accepted files go to submitted_answers["_files"]."""

import base64
import fnmatch
import hashlib
import html
import json

import lxml.html
import prairielearn as pl

ATTRIBUTES = ["file-names", "optional-file-names", "file-patterns", "optional-file-patterns"]


def _lists(element):
    lists = {}
    for attribute in ATTRIBUTES:
        text = pl.get_string_attrib(element, attribute, "")
        lists[attribute] = [item.strip() for item in text.split(",") if item.strip()]
    return lists


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
    raw = data["submitted_answers"].pop(field, None)
    if not raw:
        _errors(data, field, ["No submitted answer for file upload."])
        return
    try:
        files = json.loads(raw)
        assert isinstance(files, list) and all(isinstance(f.get("name"), str) and isinstance(f.get("contents"), str) for f in files)
    except (ValueError, AssertionError, AttributeError):
        _errors(data, field, ["Could not parse submitted files."])
        return
    names = [f["name"] for f in files]
    accepted, unmatched = _accepted(lists, names)
    messages = []
    missing = [n for n in lists["file-names"] if n not in names]
    if missing:
        messages.append("The following required files were missing: " + ", ".join(html.escape(n) for n in missing))
    if unmatched:
        messages.append("The following required file patterns were missing: " + ", ".join(html.escape(p) for p in unmatched))
    if messages:
        _errors(data, field, messages)
    for entry in files:
        if entry["name"] in accepted:
            pl.add_submitted_file(data, entry["name"], entry["contents"])


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    lists = _lists(element)
    field = _field(element)
    names = lists["file-names"] + [p.replace("*", "test").replace("?", "a") for p in lists["file-patterns"]]
    if not names:
        names = lists["optional-file-names"][:1]
    contents = base64.b64encode(f"{data['test_type']} submission\n".encode()).decode()
    if data["test_type"] == "invalid":
        if not names:
            data["raw_submitted_answers"][field] = ""
            data["format_errors"]["_files"] = ["No submitted answer for file upload."]
            data["format_errors"][field] = ["No submitted answer for file upload."]
            return
        names = names[1:]
        data["format_errors"]["_files"] = ["a required file is missing"]
        data["format_errors"][field] = ["a required file is missing"]
    data["raw_submitted_answers"][field] = json.dumps([{"name": n, "contents": contents} for n in names])


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
