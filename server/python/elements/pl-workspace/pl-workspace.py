"""<pl-workspace>: PrairieLearn's "Open workspace" button in the question panel, and parse's check that
the workspace's graded files were submitted. The preview has no workspace container, so under the
button it says so and lists the files the question gives the workspace's home directory."""

import html
import json
import os

import prairielearn as pl

# The runtime's workspace_url for questions that declare workspaceOptions (PrairieLearn's would be a
# running container's address).
PREVIEW_URL = "plfile:/workspace"
MAX_LISTED = 200


def _files_under(root):
    names = []
    for base, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            names.append(os.path.relpath(os.path.join(base, f), root).replace(os.sep, "/"))
            if len(names) >= MAX_LISTED:
                return names
    return names


def _home_files(data):
    """(file name, where it comes from) in PrairieLearn's precedence: server.py, templates, workspace/."""
    question = data["options"].get("question_path") or ""
    found = {}
    for f in data["params"].get("_workspace_files") or []:
        if isinstance(f, dict) and isinstance(f.get("name"), str):
            found.setdefault(f["name"], "server.py _workspace_files")
    for name in _files_under(os.path.join(question, "workspaceTemplates")):
        found.setdefault(name[: -len(".mustache")] if name.endswith(".mustache") else name, "workspaceTemplates/")
    for name in _files_under(os.path.join(question, "workspace")):
        found.setdefault(name, "workspace/")
    return sorted(found.items())


def _image(data):
    try:
        with open(os.path.join(data["options"].get("question_path") or "", "info.json"), encoding="utf-8") as f:
            options = json.load(f).get("workspaceOptions") or {}
        return options.get("image") if isinstance(options, dict) else None
    except (OSError, ValueError, AttributeError):
        return None


def render(element_html: str, data: dict) -> str:
    if data["panel"] != "question":
        return ""
    url = data["options"].get("workspace_url")
    if url is None:
        raise ValueError("Workspace URL not found. Did you remember to set the workspace options?")
    button = (f'<a class="btn btn-info" target="_blank" href="{html.escape(url)}">'
              '<i class="fas fa-laptop-code" aria-hidden="true"></i> Open workspace</a>')
    if url != PREVIEW_URL:
        return button
    image = _image(data)
    container = f" (image <code>{html.escape(str(image))}</code>)" if image else ""
    files = _home_files(data)
    graded = set(data["params"].get("_workspace_required_file_names") or [])
    items = "".join(
        f"<li><code>{html.escape(name)}</code> <small class=\"text-muted\">from {html.escape(source)}"
        f"{', graded' if name in graded else ''}</small></li>"
        for name, source in files
    )
    listing = f"<ul class=\"mb-0\">{items}</ul>" if items else "<p class=\"mb-0\">The question gives the workspace no files.</p>"
    return (f'{button}<div class="pl-workspace-preview alert alert-secondary mt-2" data-element="pl-workspace">'
            f"<p>Opening a workspace needs PrairieLearn's workspace container{container}; the preview does not start "
            f"containers. Files the workspace starts with:</p>{listing}</div>")


def parse(element_html: str, data: dict) -> None:
    required = data["params"].get("_workspace_required_file_names", [])
    submitted = [f.get("name", "") for f in data["submitted_answers"].get("_files", [])]
    missing = [name for name in required if name not in submitted]
    if missing:
        pl.add_files_format_error(data, f"The following required files were missing: {', '.join(missing)}")
