"""pl-image-capture: a photo of the student's work, submitted as a JPEG file in submitted_answers["_files"].

PrairieLearn captures it with the webcam or a phone (through its server); the preview's page script offers
the webcam where the webview allows it and always a file picker. Either way the hidden field
`_image_capture_<sha1 of file-name>` holds a data URL, which parse stores as base64 JPEG, converting other
formats as PrairieLearn does. The element is for manual grading: it gives no score."""

import base64
import binascii
import hashlib
import html
import json
import re
from io import BytesIO

import lxml.html
import prairielearn as pl

OPTIONAL = ["mobile-capture-enabled", "manual-upload-enabled", "allow-blank"]
BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


def answer_name(file_name):
    return "_image_capture_" + hashlib.sha1(file_name.encode("utf-8")).hexdigest()


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["file-name"], OPTIONAL)
    file_name = pl.get_string_attrib(element, "file-name")
    if not file_name.lower().endswith((".jpg", ".jpeg")):
        pl.add_files_format_error(data, f"File '{file_name}' must have extension '.jpg' or '.jpeg'.")
    pl.check_answers_names(data, file_name)


def _submitted_contents(data, file_name):
    """The stored base64 of the file, or None; only base64 text, so it can go into a data URL as is."""
    for entry in data.get("submitted_answers", {}).get("_files", []) or []:
        if isinstance(entry, dict) and entry.get("name") == file_name:
            contents = entry.get("contents")
            return contents if isinstance(contents, str) and BASE64.fullmatch(contents) else None
    return None


def render(element_html, data):
    if data["panel"] == "answer":
        return ""
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    if data.get("ai_grading"):
        if data["panel"] == "question":
            return ""
        name = html.escape(file_name)
        return f'<div data-image-capture-uuid="{html.escape(pl.get_uuid())}" data-file-name="{name}">{name}</div>'
    uuid = pl.get_uuid()
    editable = bool(data["editable"]) and data["panel"] == "question"
    options = {
        "file_name": file_name,
        "editable": editable,
        "mobile_capture_enabled": pl.get_boolean_attrib(element, "mobile-capture-enabled", True),
        "manual_upload_enabled": pl.get_boolean_attrib(element, "manual-upload-enabled", False),
    }
    contents = _submitted_contents(data, file_name)
    image_url = f"data:image/jpeg;base64,{contents}" if contents else ""
    image = (f'<img class="pl-image-capture-preview" alt="Captured image {html.escape(file_name)}" src="{html.escape(image_url)}">'
             if image_url else '<p class="pl-image-capture-empty text-muted">No image captured yet.</p>')
    controls = ""
    if editable:
        # The hidden field starts with the stored image, so saving again keeps it, as in PrairieLearn.
        controls = (f'<input type="hidden" name="{answer_name(file_name)}" value="{html.escape(image_url)}">'
                    '<div class="pl-image-capture-buttons">'
                    '<button type="button" class="pl-image-capture-webcam secondary">Use webcam</button> '
                    f'<label class="pl-image-capture-pick">Upload image <input type="file" accept="image/jpeg,image/png" '
                    f'aria-label="Upload image for {html.escape(file_name)}"></label> '
                    '<button type="button" class="pl-image-capture-delete secondary" hidden>Delete</button></div>'
                    '<div class="pl-image-capture-camera" hidden><video playsinline muted></video>'
                    '<button type="button" class="pl-image-capture-shoot">Capture image</button> '
                    '<button type="button" class="pl-image-capture-cancel secondary">Cancel</button></div>'
                    '<p class="pl-image-capture-note text-muted small" role="status"></p>')
    return (f'<div id="image-capture-{uuid}" class="pl-image-capture card" data-restore-hidden="true" data-options="{html.escape(json.dumps(options))}">'
            f'<div class="card-header">Image capture <code>{html.escape(file_name)}</code></div>'
            f'<div class="pl-image-capture-view">{image}</div>{controls}</div>')


def _as_jpeg(payload, file_name, data):
    """`payload` (base64) as base64 JPEG, converted with Pillow when it is another image; None after an error."""
    try:
        raw = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError):
        raw = None
    try:
        from PIL import Image
    except ImportError:
        # Without Pillow a JPEG is still recognised by its signature; anything else cannot be checked.
        if raw is not None and raw.startswith(b"\xff\xd8\xff"):
            return payload
        pl.add_files_format_error(data, f"Failed to load submission for {file_name}: checking an image needs the "
                                        "Python package Pillow (PrairieLearn has it), which this Python lacks.")
        return None
    try:
        if raw is None:
            raise ValueError("not base64")
        img = Image.open(BytesIO(raw))
        img.load()
    except Exception:
        pl.add_files_format_error(data, f"Failed to load submission for {file_name}. It may not be a valid image.")
        return None
    if img.format == "JPEG":
        return payload
    try:
        out = BytesIO()
        img.convert("RGB").save(out, format="JPEG")
        return base64.b64encode(out.getvalue()).decode("utf-8")
    except Exception:
        pl.add_files_format_error(
            data, f"Image submission for {file_name} is not a JPEG image and could not be converted to one.")
        return None


def parse(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    name = answer_name(file_name)
    # An older PrairieLearn named the field after the file; such variants still parse there.
    value = data["submitted_answers"].get(name, data["raw_submitted_answers"].get(file_name))
    data["submitted_answers"].pop(name, None)
    if not value:
        if not pl.get_boolean_attrib(element, "allow-blank", False):
            pl.add_files_format_error(data, f"No image was submitted for {file_name}.")
        return
    if not isinstance(value, str) or not value.startswith("data:"):
        pl.add_files_format_error(data, f"Image submission for {file_name} is not a data URI.")
        return
    payload = _as_jpeg(value.split(",", 1)[1] if "," in value else "", file_name, data)
    if payload is not None:
        pl.add_submitted_file(data, file_name, payload)


# A 1x1 white JPEG, the image PrairieLearn's test() submits (elements/pl-image-capture, 88fb855), made
# with Pillow there; written out here so that test() needs no Pillow.
WHITE_PIXEL_JPEG = (
    "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0"
    "Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIy"
    "MjL/wAARCAABAAEDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQID"
    "AAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlq"
    "c3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3"
    "+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEI"
    "FEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImK"
    "kpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwD3"
    "+iiigD//2Q==")


def test(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    file_name = pl.get_string_attrib(element, "file-name")
    name = answer_name(file_name)
    if data["test_type"] in ("correct", "incorrect"):
        data["raw_submitted_answers"][name] = f"data:image/jpeg;base64,{WHITE_PIXEL_JPEG}"
    else:
        data["raw_submitted_answers"][name] = ""
        if not pl.get_boolean_attrib(element, "allow-blank", False):
            pl.add_files_format_error(data, f"No image was submitted for {file_name}.")
