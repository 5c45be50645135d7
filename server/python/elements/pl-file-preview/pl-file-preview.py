"""pl-file-preview: the submitted files (submitted_answers["_files"]) with links and a text preview, in the submission panel."""

import base64
import binascii
import html
import urllib.parse

import lxml.html
import prairielearn as pl


def prepare(element_html, data):
    pl.check_attribs(lxml.html.fragment_fromstring(element_html), [], [])


def render(element_html, data):
    if data["panel"] != "submission" or data.get("ai_grading"):
        return ""
    files = [f for f in data["submitted_answers"].get("_files") or [] if isinstance(f, dict) and "name" in f]
    base_url = data["options"].get("submission_files_url")
    items = []
    for entry in sorted(files, key=lambda f: f["name"]):
        name = html.escape(entry["name"])
        link = (f'<a href="{html.escape(base_url + "/" + urllib.parse.quote(entry["name"]))}" download>{name}</a>'
                if base_url else f"<code>{name}</code>")
        try:
            preview = f'<pre class="mb-0"><code>{html.escape(base64.b64decode(entry.get("contents", "")).decode("utf-8"))}</code></pre>'
        except (binascii.Error, UnicodeDecodeError):
            preview = '<em>Binary file, no preview.</em>'
        items.append(f'<li class="list-group-item"><div>{link}</div>{preview}</li>')
    errors = "".join(f'<div class="alert alert-danger mb-1">{e}</div>' for e in data["format_errors"].get("_files", []))
    body = f'<ul class="list-group">{"".join(items)}</ul>' if items else "<p>No files submitted.</p>"
    return f'<div class="pl-file-preview">{errors}{body}</div>'
