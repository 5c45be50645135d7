"""Cases shared by record_drawing.py (PrairieLearn's pl-drawing) and test/python/test_pl_drawing.py
(ours): object tags, whole elements, and the submissions made from an element's correct answer."""

import copy
import json

KINDS = ["pl-roller", "pl-fixed-pin", "pl-clamped", "pl-rod", "pl-collar-rod", "pl-3pointrod", "pl-4pointrod", "pl-pulley", "pl-spring",
         "pl-coil", "pl-point", "pl-coordinates", "pl-dimensions", "pl-arc-dimensions", "pl-rectangle", "pl-triangle", "pl-circle",
         "pl-polygon", "pl-line", "pl-arc", "pl-text", "pl-axes", "pl-vector", "pl-double-headed-vector", "pl-paired-vector",
         "pl-arc-vector", "pl-distributed-load", "pl-controlled-line", "pl-controlled-curved-line", "pl-capacitor", "pl-battery",
         "pl-resistor", "pl-inductor", "pl-switch"]

RICH = ('x1="120" y1="80.5" x2="200" y2="60" x3="150" y3="170" x4="30" y4="10" width="75" height="33" angle="30" radius="25" '
        'label="F_1" offsetx="3" offsety="-4" color="#ff0000" stroke-color="blue3" stroke-width="2.5" opacity="0.5" draw-pin="false" '
        'draw-ground="false"')
PER_KIND = {
    "pl-vector": ['x1="100" y1="50" angle="-45" anchor-is-tail="false" disregard-sense="true" draw-error-box="true" optional-grading="true"',
                  'x1="100" y1="50" width="80" angle="120" offset-forward="10" offset-backward="5" arrow-head-width="2" arrow-head-length="3"'],
    "pl-paired-vector": ['x1="100" y1="50" x2="200" y2="80" angle1="90" angle2="-90" anchor-is-tail="false" disregard-sense="false"'],
    "pl-arc-vector": ['x1="100" y1="50" clockwise-direction="false" radius="40" start-angle="10" end-angle="300" draw-center="false"'],
    "pl-distributed-load": ['x1="100" y1="150" width="120" w1="20" w2="60" angle="30" anchor-is-tail="false" spacing="15"',
                            'x1="100" y1="150" disregard-sense="true" label1="w_1" label2="w_2"'],
    "pl-controlled-curved-line": ['x1="10" y1="20" x2="100" y2="20" x3="50" y3="80" offset-tol-x="3" offset-control-tol-y="7"'],
    "pl-controlled-line": ['x1="10" y1="20" x2="100" y2="20" offset-tol-x="3" offset-tol-y="4" handle-radius="3" draw-error-box="false"'],
    "pl-dimensions": ['x1="10" y1="20" x2="100" y2="80" dim-offset="15" start-support-line="true" draw-start-arrow="false"',
                      'x1="10" y1="20" width="90" angle="45" dim-offset="-10" dim-offset-angle="90"', 'x1="10" y1="20" x2="100"'],
    "pl-arc-dimensions": ['x1="10" y1="20" start-angle="30" end-angle="300" draw-center="true" end-support-line="true"'],
    "pl-polygon": ['plist=\'[{"x": 1, "y": 2}, {"x": 30, "y": 4}, {"x": 5, "y": 60}]\''],
    "pl-axes": ['origin=\'{"x": 80, "y": 200}\' xneg="10" xpos="300" supporting-lines=\'[{"x": 40}]\' grid-label=\'[{"axis": "x", "pos": 40, "lab": "a"}]\''],
    "pl-text": ['x1="10" y1="20" label="\\alpha" latex="false" font-size="20"'],
    "pl-line": ['x1="10" y1="20" dashed-size="4"'],
    "pl-arc": ['x1="10" y1="20" start-angle="45" end-angle="270" dashed-size="3"'],
    "pl-capacitor": ['x1="10" y1="20" polarized="true" interval="12"'],
    "pl-switch": ['x1="10" y1="20" switch-angle="45" draw-pin="false"'],
    "pl-pulley": ['alternative-path="true" x1="50"'],
    "pl-collar-rod": ['draw-collar-end2="true" w1="10" h2="30"'],
    "pl-spring": ['x1="10" y1="20" x2="100" y2="80" interval="6"'],
}
GRAPH_LINES = [
    'origin=\'{"x": 80, "y": 200}\' end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 80}]\'',
    'origin=\'{"x": 80, "y": 200}\' end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 80}, {"x": 40, "y": 80}]\' offset-control-tol-x="20"',
    'end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 40}]\' end-gradients="[0, 2]"',
    'end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 40}]\' end-gradients="[1, 1]"',
    'end-points=\'[{"x": 0, "y": 0}]\'',
    'end-points=\'[{"x": 0, "y": 0}, {"x": 1, "y": 1}, {"x": 2, "y": 2}]\' end-gradients="[0, 2]"',
    'end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 40}]\' end-gradients="[2]"',
    'color="blue"',
]

OBJECT_CASES = (
    [f"<{k}></{k}>" for k in KINDS]
    + [f"<{k} {RICH}></{k}>" for k in KINDS if k not in ("pl-polygon", "pl-axes", "pl-text", "pl-paired-vector")]
    + [f"<{k} {attrs}></{k}>" for k, many in PER_KIND.items() for attrs in many]
    + [f"<pl-graph-line {attrs}></pl-graph-line>" for attrs in GRAPH_LINES]
    + ['<pl-rod x1="abc"></pl-rod>', "<pl-unknown-thing></pl-unknown-thing>"]
)


def drawing(answer: str, attrs: str = "", initial: str = "", controls: str = "") -> str:
    init = f"<pl-drawing-initial>{initial}</pl-drawing-initial>" if initial else ""
    return (f'<pl-drawing gradable="true" answers-name="ans" {attrs}>{init}<pl-drawing-answer draw-error-box="true">{answer}'
            f"</pl-drawing-answer>{controls}</pl-drawing>")


ELEMENT_CASES = [
    drawing('<pl-vector x1="100" y1="100" angle="30"></pl-vector>'),
    drawing('<pl-vector x1="100" y1="100" angle="30" anchor-is-tail="false"></pl-vector>', 'tol="5" angle-tol="5"'),
    drawing('<pl-vector x1="100" y1="100" angle="90" disregard-sense="true"></pl-vector><pl-vector x1="200" y1="100" angle="0" '
            'offset-forward="40"></pl-vector>', 'grid-size="0"'),
    drawing('<pl-vector x1="100" y1="100" angle="90"></pl-vector><pl-vector x1="200" y1="100" optional-grading="true"></pl-vector>'),
    drawing('<pl-vector x1="100" y1="100" angle="90"></pl-vector>', 'disregard-extra-elements="true"'),
    drawing('<pl-double-headed-vector x1="100" y1="100" angle="45"></pl-double-headed-vector>'),
    drawing('<pl-paired-vector x1="100" y1="100" x2="200" y2="100" angle1="90" angle2="-90"></pl-paired-vector>'),
    drawing('<pl-arc-vector x1="100" y1="100"></pl-arc-vector><pl-arc-vector x1="200" y1="100" disregard-sense="true" '
            'clockwise-direction="false"></pl-arc-vector>'),
    drawing('<pl-distributed-load x1="100" y1="100" width="120" w1="20" w2="60"></pl-distributed-load>'),
    drawing('<pl-distributed-load x1="100" y1="100" width="120" angle="180" disregard-sense="true"></pl-distributed-load>'),
    drawing('<pl-point x1="100" y1="100"></pl-point><pl-point x1="160" y1="40"></pl-point>', 'weight="3" grid-size="10"'),
    drawing('<pl-controlled-line x1="20" y1="100" x2="200" y2="40" offset-tol-x="10"></pl-controlled-line>'),
    drawing('<pl-controlled-curved-line x1="20" y1="100" x2="200" y2="100" x3="100" y3="20"></pl-controlled-curved-line>'),
    drawing('<pl-graph-line origin=\'{"x": 80, "y": 200}\' end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 80}]\'></pl-graph-line>'
            '<pl-graph-line end-points=\'[{"x": 0, "y": 0}, {"x": 80, "y": 40}]\' end-gradients="[0, 2]"></pl-graph-line>'),
    drawing('<pl-drawing-group visible="true"><pl-point x1="100" y1="100"></pl-point></pl-drawing-group>'
            '<pl-drawing-group visible="false"><pl-point x1="10" y1="10"></pl-point></pl-drawing-group><pl-point x1="60" y1="60"></pl-point>'),
    drawing('<pl-point x1="100" y1="100"></pl-point>', 'allow-blank="true"',
            initial='<pl-rectangle x1="50" y1="50"></pl-rectangle><pl-text label="A" x1="5" y1="5"></pl-text>'),
    drawing('<pl-rectangle x1="50" y1="50"></pl-rectangle>'),
    drawing(""),
    drawing('<pl-vector x1="100" y1="100" width="80"></pl-vector>',
            controls='<pl-controls><pl-controls-group label="F"><pl-drawing-button type="pl-vector" width="80"></pl-drawing-button>'
                     '</pl-controls-group></pl-controls>'),
    # prepare errors
    drawing('<pl-vector x1="100" y1="100" width="80"></pl-vector>'),
    drawing('<pl-vector x1="100" y1="100"></pl-vector>',
            controls='<pl-controls><pl-controls-group><pl-drawing-button type="pl-vector" width="80"></pl-drawing-button>'
                     '</pl-controls-group></pl-controls>'),
    drawing('<pl-point x1="100" y1="100" colour="red"></pl-point>'),
    drawing('<pl-point x1="100" y1="100"></pl-point>', 'tolerance="3"'),
    drawing('<pl-point x1="1"></pl-point>', controls='<pl-controls><pl-controls-group><pl-drawing-button type="pl-point" size="3">'
            '</pl-drawing-button></pl-controls-group></pl-controls>'),
    '<pl-drawing gradable="true" answers-name="ans"><pl-drawing-answer></pl-drawing-answer><pl-drawing-answer></pl-drawing-answer></pl-drawing>',
    '<pl-drawing gradable="true"><pl-drawing-answer></pl-drawing-answer></pl-drawing>',
    '<pl-drawing gradable="true" answers-name="ans"></pl-drawing>',
    '<pl-drawing><pl-drawing-initial><pl-point></pl-point></pl-drawing-initial></pl-drawing>',
]

COORDS = ("left", "top", "x1", "y1", "x2", "y2", "x3", "y3")


def _moved(objs, dx, dy):
    out = copy.deepcopy(objs)
    for o in out:
        for k in COORDS:
            if k in o and isinstance(o[k], (int, float)):
                o[k] += dx if k in ("left",) or k.startswith("x") else dy
    return out


def _changed(objs, key, fn):
    out = copy.deepcopy(objs)
    for o in out:
        if key in o:
            o[key] = fn(o[key])
    return out


def _centred(objs):
    """Vectors as the page keeps them after a move: originX centre, left/top at the middle."""
    import math

    out = copy.deepcopy(objs)
    for o in out:
        if "width" in o and "angle" in o and o.get("gradingName") in ("pl-vector", "pl-double-headed-vector"):
            r = o["angle"] * math.pi / 180
            o["originX"] = "center"
            o["left"] += o["width"] / 2 * math.cos(r)
            o["top"] += o["width"] / 2 * math.sin(r)
    return out


def submissions_for(correct: list) -> list:
    """Raw submissions (JSON text, as the form sends it) for grading cases."""
    placed = [dict(o, graded=True) for o in correct if o.get("graded")]
    fixed = [o for o in correct if not o.get("graded")]
    subs = [placed, fixed + placed, placed[:1], placed + placed[:1], list(reversed(placed)), fixed]
    for dx, dy in ((4, -4), (9, 0), (0, -11), (15, 15), (-30, 2)):
        subs.append(_moved(placed, dx, dy))
    for delta in (8, -12, 180, 360, -350, 95):
        subs.append(_changed(placed, "angle", lambda a, d=delta: a + d))
    subs += [_changed(placed, "drawStartArrow", lambda v: not v), _changed(placed, "range", lambda v: v + 15),
             _changed(placed, "w1", lambda v: v + 50), [dict(o, flipped=True) for o in placed],
             [dict(o, w1=o.get("w2"), w2=o.get("w1")) for o in placed], _centred(placed),
             _changed(placed, "angle1", lambda a: a + 40), _changed(placed, "angle2", lambda a: a - 175),
             [dict(o, graded=False) for o in placed], [dict(o, gradingName="pl-text") for o in placed]]
    raw = [json.dumps(s) for s in subs]
    return raw + ["", "[]", "null", "not json", '{"a": 1}', "[1, 2]"]
