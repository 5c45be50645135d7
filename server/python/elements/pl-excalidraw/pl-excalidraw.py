"""<pl-excalidraw>: an Excalidraw canvas whose scene (Excalidraw's JSON) is the submitted answer, graded
manually. The controller decides, per panel, which scene the canvas opens with (a starter file, the
submission) and whether it is editable; the page script (pl-excalidraw.js) runs Excalidraw, bundled in
the extension, and keeps the scene in the hidden input (filled by the page)."""

import base64
import html
import json
import re
from pathlib import Path

import prairielearn as pl
from prairielearn.element_ui import parse_element

UNITLESS_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$")

# Where directory="..." points, by the data["options"] key that holds the folder.
DIRECTORIES = {
    "serverFilesCourse": "server_files_course_path",
    "clientFilesCourse": "client_files_course_path",
    "clientFilesQuestion": "client_files_question_path",
    ".": "question_path",
}

WIDTH_DEFAULT = "100%"
HEIGHT_DEFAULT = "800px"


def _check_css_size(element, attrib: str) -> None:
    value = pl.get_string_attrib(element, attrib, None)
    if value is not None and UNITLESS_NUMBER.match(value.strip()):
        raise ValueError(
            f'Attribute "{attrib}" must be a CSS size value, not the unitless number '
            f'"{value}". Use a value with units, such as "900px" for pixels.'
        )


def prepare(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    pl.check_attribs(element, [], ["gradable", "answers-name", "width", "height", "source-file-name", "directory"])
    _check_css_size(element, "width")
    _check_css_size(element, "height")
    gradable = pl.get_boolean_attrib(element, "gradable", True)
    name = pl.get_string_attrib(element, "answers-name", None)
    if name:
        pl.check_answers_names(data, name)
    if gradable and name is None:
        raise RuntimeError("Missing required attribute answers-name (Required when `gradable` is set)")
    directory = pl.get_string_attrib(element, "directory", ".")
    if directory not in DIRECTORIES:
        raise RuntimeError(f"source_dir={directory!r} must be one of {list(DIRECTORIES)}")


def _source(element, data: dict) -> str:
    folder = data["options"][DIRECTORIES[pl.get_string_attrib(element, "directory", ".")]]
    path = Path(folder) / pl.get_string_attrib(element, "source-file-name")
    if not path.exists():
        raise RuntimeError(f"Unknown file path: {path}")
    return path.read_text(encoding="utf-8")


def _initial_scene(element, data: dict, name, gradable: bool):
    """(scene text, whether the canvas shows), as PrairieLearn decides them for each panel."""
    panel = data["panel"]
    fresh = name not in data["submitted_answers"]
    source_available = pl.has_attrib(element, "source-file-name")
    # A canvas with no drawing of its own to show needs a starter file.
    needs_source = not gradable and ((panel == "question" and fresh) or panel in ("answer", "submission"))
    if needs_source and not source_available:
        raise RuntimeError("Missing required attribute `source-file-name`")
    if not gradable:
        if fresh and source_available:
            return _source(element, data), True
    elif panel == "answer":
        return "", False
    elif not fresh:
        return data["submitted_answers"][name], True
    elif panel == "question":
        return (_source(element, data) if source_available else ""), True
    # The combinations PrairieLearn also treats as impossible (a submission panel with no submission).
    matrix = f"{gradable=} {fresh=} {panel=} {source_available=}"
    raise RuntimeError(f"Unreachable code path reached with state {matrix=}")


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name", None)
    gradable = pl.get_boolean_attrib(element, "gradable", True)
    scene, show = _initial_scene(element, data, name, gradable)
    errors = data["format_errors"].get(name, []) if data["panel"] == "submission" and name else []
    out = "".join(f'<div class="alert alert-danger" role="alert">{html.escape(str(e))}</div>' for e in errors)
    if not show:
        return f"<div>{out}</div>"
    read_only = not (data["panel"] == "question" and gradable and data["editable"])
    metadata = json.dumps({
        "read_only": read_only,
        "initial_content": scene,
        "width": pl.get_string_attrib(element, "width", WIDTH_DEFAULT),
        "height": pl.get_string_attrib(element, "height", HEIGHT_DEFAULT),
    })
    uuid = pl.get_uuid()
    if name is not None:
        # Empty, as PrairieLearn's: the page script puts the opening scene in before it loads the
        # library, so saving without the editor (if it failed to start) keeps the drawing.
        out += f'<input type="hidden" name="{html.escape(name)}" id="excalidraw-input-{uuid}"/>'
    encoded = base64.b64encode(metadata.encode()).decode()
    # The preview puts a drawing typed before a re-render back into the input; the canvas opens with it.
    keep = " data-restore-hidden" if name is not None and not read_only else ""
    out += (
        f'<div class="pl-excalidraw" id="excalidraw-{uuid}" data-uuid="{uuid}" data-metadata="{encoded}">'
        '<span class="pl-excalidraw-pending">Loading the Excalidraw canvas…</span></div>'
    )
    return f"<div{keep}>{out}</div>"


def parse(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    name = pl.get_string_attrib(element, "answers-name", None)
    if not name or name not in data["submitted_answers"]:
        return
    try:
        json.loads(data["submitted_answers"][name])
    except (ValueError, TypeError) as exc:
        data["format_errors"].setdefault(name, []).append(f"Invalid drawing submission: {exc}")


def _text_scene(text: str) -> str:
    """A scene with one text element, in the shape Excalidraw's own serializer writes."""
    element = {
        "type": "text", "id": f"test-{text.split()[-1]}", "x": 0, "y": 0, "width": 200, "height": 25, "angle": 0,
        "strokeColor": "#000000", "backgroundColor": "transparent", "fillStyle": "solid", "strokeWidth": 1,
        "strokeStyle": "solid", "roundness": None, "roughness": 1, "opacity": 100, "seed": 1, "version": 1,
        "versionNonce": 1, "index": None, "isDeleted": False, "groupIds": [], "frameId": None,
        "boundElements": None, "updated": 0, "link": None, "locked": False, "text": text, "fontSize": 20,
        "fontFamily": 1, "textAlign": "left", "verticalAlign": "top", "containerId": None, "originalText": text,
        "autoResize": True, "lineHeight": 1.25,
    }
    return json.dumps({"type": "excalidraw", "version": 2, "source": "test", "elements": [element], "appState": {}, "files": {}})


def test(element_html: str, data: dict) -> None:
    element = parse_element(element_html)
    if not pl.get_boolean_attrib(element, "gradable", True):
        return
    name = pl.get_string_attrib(element, "answers-name")
    kind = data["test_type"]
    if kind in ("correct", "incorrect"):
        data["raw_submitted_answers"][name] = _text_scene(f"Test {kind}")
    elif kind == "invalid":
        bad = "not valid json"
        data["raw_submitted_answers"][name] = bad
        try:
            json.loads(bad)
        except ValueError as exc:
            data["format_errors"][name] = [f"Invalid drawing submission: {exc}"]
