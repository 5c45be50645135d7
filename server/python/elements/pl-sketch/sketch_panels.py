"""The HTML of a pl-sketch panel: the score badge, a format error, the canvas (its config as base64 JSON
for pl-sketch.js) with the hidden input the page fills, and the feedback list, as PrairieLearn lays
them out."""

import base64
import html
import json


def _badge(score: int) -> str:
    kind = "success" if score == 100 else "danger" if score == 0 else "warning"
    icon = {"success": "fa-check-circle", "danger": "fa-times-circle"}.get(kind)
    icon_html = f'<i class="fas {icon}" aria-hidden="true"></i> ' if icon else ""
    return f'<span class="badge badge-{kind} badge-large">{icon_html}{score}%</span>'


def _feedback(kind: str, items) -> str:
    lis = []
    for item in items or []:
        mark = ('<i class="fas fa-check text-success" aria-hidden="true"></i>' if item.get("correct")
                else '<i class="fas fa-xmark text-danger" aria-hidden="true"></i>')
        debug = ""
        if item.get("debug_mode"):
            debug = ('<div class="sketchresponse-debug"><ul>' + "".join(
                f"<li><div>&gt;&gt; {html.escape(str(d['message']))}</div></li>" for d in item.get("debug", [])) + "</ul></div>")
        lis.append(f"<li><span>{mark}</span> {html.escape(str(item.get('feedback_text', '')))}{debug}</li>")
    return f'<div class="alert alert-{kind}"><strong>Feedback:</strong><ul>{"".join(lis)}</ul></div>'


def panel_html(canvas_id: str, config: dict, overlay: bool, read_only: bool, partial, error, named: bool) -> str:
    parts = []
    score = None
    if partial is not None and not read_only:
        raw = partial.get("score")
        score = round(float(raw) * 100) if raw is not None else None
        if score is not None:
            parts.append(_badge(score))
    if error:
        parts.append(
            '<div class="d-flex align-items-center gap-2 w-100"><button type="button" '
            'class="btn btn-light border d-flex align-items-center text-danger" data-bs-toggle="popover" '
            f'data-bs-html="true" title="Format Error" data-bs-placement="auto" data-bs-content="{html.escape(error)}">'
            '<span class="me-1">Invalid</span><i class="fas fa-exclamation-triangle" aria-hidden="true"></i></button>'
            f'<span class="pl-sketch-format-error">{html.escape(error)}</span></div>')
    encoded = base64.b64encode(json.dumps(config).encode("utf-8")).decode("ascii")
    name_attr = f' name="{html.escape(canvas_id)}-sketchresponse-submission"' if named else ""
    # data-restore-hidden: the preview puts a drawing typed before a re-render back into the input, and
    # the page script opens it.
    keep = " data-restore-hidden" if named and not config.get("readonly") else ""
    parts.append(
        f'<div class="sketchresponse pl-sketch"{keep} data-sketch-id="{html.escape(canvas_id)}" '
        f'data-overlay-solution="{json.dumps(overlay)}" data-config="{encoded}">'
        f'<input type="hidden" id="{html.escape(canvas_id)}-sketchresponse-submission"{name_attr} />'
        f'<div id="{html.escape(canvas_id)}-si-container" class="si-container" tabindex="0">Loading sketching canvas...</div></div>')
    if partial is not None and not read_only:
        kind = "success" if score == 100 else "danger" if score == 0 else "warning"
        parts.append(_feedback(kind, partial.get("feedback")))
    return "\n".join(parts)
