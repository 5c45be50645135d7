"""The pl-sketch cases that test/upstream/record_sketch.py runs through PrairieLearn's controller (with the
sketchresponse grader) and test/python/test_pl_sketch.py through ours: element tags (the real example
course's, and ones made to hit each error), and submissions drawn in graph units, turned into the page's
pixel data with the canvas config PrairieLearn made."""

import math

# The <pl-sketch> elements of exampleCourse's element/sketch, element/sketchAdvanced and gallery/sketch.
REAL = {
    "example": """<pl-sketch answers-name="s" x-range="-1,2" y-range="-1,5">
<pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool><pl-sketch-tool id="hl" type="horizontal-line"></pl-sketch-tool>
<pl-sketch-tool id="pt" type="point" read-only="true"></pl-sketch-tool>
<pl-sketch-initial tool-id="pt" coordinates="(-1,0.5)"></pl-sketch-initial><pl-sketch-initial tool-id="pt" coordinates="(0,1)"></pl-sketch-initial>
<pl-sketch-grade type="match" tool-id="hl" y="0"></pl-sketch-grade><pl-sketch-grade type="count" tool-id="hl" count="1"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fd" function="2**x"></pl-sketch-grade>
<pl-sketch-solution tool-id="fd" function="2**x"></pl-sketch-solution><pl-sketch-solution tool-id="hl" coordinates="0"></pl-sketch-solution></pl-sketch>""",
    "tools": """<pl-sketch answers-name="s">
<pl-sketch-tool id="point" type="point"></pl-sketch-tool><pl-sketch-tool id="hline" type="horizontal-line" group="Asymptote lines"></pl-sketch-tool>
<pl-sketch-tool id="vline" type="vertical-line" group="Asymptote lines"></pl-sketch-tool><pl-sketch-tool id="line" type="line"></pl-sketch-tool>
<pl-sketch-tool id="freedraw" type="free-draw"></pl-sketch-tool><pl-sketch-tool id="spline" type="spline"></pl-sketch-tool>
<pl-sketch-tool id="polyline" type="polyline"></pl-sketch-tool><pl-sketch-tool id="polygon" type="polygon"></pl-sketch-tool>
<pl-sketch-solution tool-id="point" coordinates="(0,0)"></pl-sketch-solution></pl-sketch>""",
    "size": '<pl-sketch answers-name="s" x-range="-5,50" y-range="-100,100" width="500" height="200" allow-blank="true" enforce-bounds="true"></pl-sketch>',
    "points": """<pl-sketch answers-name="s" allow-blank="true"><pl-sketch-tool id="p" type="point"></pl-sketch-tool>
<pl-sketch-grade type="match" tool-id="p" x="0" y="0"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="p" x="1" y="1"></pl-sketch-grade>
<pl-sketch-grade type="count" tool-id="p" count="3"></pl-sketch-grade><pl-sketch-grade type="undefined-in" tool-id="p" x-range="2,"></pl-sketch-grade>
<pl-sketch-grade type="less-than" tool-id="p" y="3"></pl-sketch-grade><pl-sketch-grade type="greater-than" tool-id="p" y="-3"></pl-sketch-grade>
<pl-sketch-solution tool-id="p" coordinates="(0,0)"></pl-sketch-solution><pl-sketch-solution tool-id="p" coordinates="(1,1)"></pl-sketch-solution>
<pl-sketch-solution tool-id="p" coordinates="(1,0)"></pl-sketch-solution></pl-sketch>""",
    "function": """<pl-sketch answers-name="s" allow-blank="true"><pl-sketch-tool id="fun" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="defined-in" tool-id="fun" x-range="-1," stage="1"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fun" function="x" x-range="-1,1" stage="2" weight="3"></pl-sketch-grade>
<pl-sketch-grade type="monot-increasing" tool-id="fun" x-range="1," stage="2"></pl-sketch-grade>
<pl-sketch-solution tool-id="fun" coordinates="(-1,-1),(1,1),(5,5)"></pl-sketch-solution></pl-sketch>""",
    "polygon": """<pl-sketch answers-name="s" x-range="-1,5" allow-blank="true"><pl-sketch-tool id="area" type="polygon"></pl-sketch-tool>
<pl-sketch-grade type="defined-in" tool-id="area" x-range="0,2"></pl-sketch-grade>
<pl-sketch-grade type="greater-than" tool-id="area" function="-x" x-range="0,2"></pl-sketch-grade>
<pl-sketch-grade type="less-than" tool-id="area" function="x" x-range="0,2"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="area" x="0" y="0"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="area" x="1" y="-1"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="area" x="2" y="2"></pl-sketch-grade>
<pl-sketch-solution tool-id="area" coordinates="(0,0),(2,2),(2,-2),(0,0)"></pl-sketch-solution>
<pl-sketch-tool id="sp1" type="spline" read-only="true"></pl-sketch-tool><pl-sketch-initial tool-id="sp1" function="-x" x-range="0,2"></pl-sketch-initial></pl-sketch>""",
    "segments": """<pl-sketch answers-name="s" x-range="-3,3" y-range="-5,5" allow-blank="true"><pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="match-function" tool-id="fd" function="x" x-range=",0"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fd" function="x**2" x-range="0,"></pl-sketch-grade>
<pl-sketch-solution tool-id="fd" function="x" x-range=",0"></pl-sketch-solution><pl-sketch-solution tool-id="fd" function="x**2" x-range="0,"></pl-sketch-solution></pl-sketch>""",
    "stage": """<pl-sketch answers-name="s" x-range="-3,3" y-range="-5,5" allow-blank="true"><pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="match-function" tool-id="fd" function="x" x-range=",0" stage="1" weight="0" feedback="left wrong"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="fd" function="x**2" x-range="0," stage="1" weight="0" feedback="right wrong"></pl-sketch-grade>
<pl-sketch-grade type="less-than" tool-id="fd" y="5" weight="1" stage="2" feedback="all or nothing"></pl-sketch-grade>
<pl-sketch-solution tool-id="fd" function="x" x-range=",0"></pl-sketch-solution><pl-sketch-solution tool-id="fd" function="x**2" x-range="0,"></pl-sketch-solution></pl-sketch>""",
    "xyflip": """<pl-sketch answers-name="s" x-range="-5,5" y-range="-3,3" allow-blank="true"><pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="match-function" tool-id="fd" function="y**2" xy-flip="true"></pl-sketch-grade></pl-sketch>""",
    "multi": """<pl-sketch answers-name="s" x-range="-3,3" y-range="-2,4" allow-blank="true">
<pl-sketch-tool id="sin" type="free-draw" label="sin(x)" color="#1a3a8f"></pl-sketch-tool><pl-sketch-tool id="parabola" type="spline"></pl-sketch-tool>
<pl-sketch-tool id="absval" type="polyline"></pl-sketch-tool>
<pl-sketch-grade type="match-function" tool-id="sin" function="sin(x)" tolerance="30" allow-undefined="true" feedback="sine"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="parabola" function="x**2/4" tolerance="30" allow-undefined="true" feedback="parabola"></pl-sketch-grade>
<pl-sketch-grade type="match-function" tool-id="absval" function="abs(x)" tolerance="30" allow-undefined="true" feedback="abs"></pl-sketch-grade>
<pl-sketch-solution tool-id="sin" function="sin(x)"></pl-sketch-solution><pl-sketch-solution tool-id="parabola" function="x**2/4"></pl-sketch-solution>
<pl-sketch-solution tool-id="absval" coordinates="(-3,3),(0,0),(3,3)"></pl-sketch-solution></pl-sketch>""",
    "sin": """<pl-sketch answers-name="s" x-range="-1,7" y-range="-2,2" allow-blank="true"><pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="match-function" tool-id="fd" function="sin(x)" x-range="0,6.28"></pl-sketch-grade>
<pl-sketch-solution tool-id="fd" function="sin(x)" x-range="0,6.28"></pl-sketch-solution></pl-sketch>""",
    "increasing": """<pl-sketch answers-name="s" x-range="-1,5" y-range="-1,5" allow-blank="true">
<pl-sketch-tool id="ref" type="point" read-only="true" color="dimgray" hollow="true"></pl-sketch-tool><pl-sketch-tool id="fd" type="free-draw"></pl-sketch-tool>
<pl-sketch-initial tool-id="ref" coordinates="(0,1)"></pl-sketch-initial>
<pl-sketch-grade type="monot-increasing" tool-id="fd" x-range="0,4" feedback="inc"></pl-sketch-grade>
<pl-sketch-grade type="greater-than" tool-id="fd" y="0" x-range="0,4" feedback="pos"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="fd" x="0" y="1" feedback="start"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="fd" x="4" y="3" feedback="end"></pl-sketch-grade>
<pl-sketch-solution tool-id="fd" function="1 + x/2" x-range="0,4"></pl-sketch-solution></pl-sketch>""",
    "concave": """<pl-sketch answers-name="s" x-range="-3,3" y-range="-1,5" allow-blank="true"><pl-sketch-tool id="sp" type="spline"></pl-sketch-tool>
<pl-sketch-grade type="concave-up" tool-id="sp" feedback="cup"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="sp" x="0" y="1" feedback="through"></pl-sketch-grade>
<pl-sketch-solution tool-id="sp" function="x**2 + 1" x-range="-2,2"></pl-sketch-solution></pl-sketch>""",
    "intersect": """<pl-sketch answers-name="s" x-range="-3,3" y-range="-1,6" allow-blank="true">
<pl-sketch-tool id="f" type="spline" read-only="true"></pl-sketch-tool><pl-sketch-tool id="pt" type="point"></pl-sketch-tool>
<pl-sketch-initial tool-id="f" function="x**2" x-range="-2.4,2.4"></pl-sketch-initial>
<pl-sketch-grade type="match" tool-id="pt" x="-1" y="1" feedback="a"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="pt" x="2" y="4" feedback="b"></pl-sketch-grade>
<pl-sketch-grade type="count" tool-id="pt" count="2" feedback="two"></pl-sketch-grade>
<pl-sketch-solution tool-id="pt" coordinates="(-1,1)"></pl-sketch-solution><pl-sketch-solution tool-id="pt" coordinates="(2,4)"></pl-sketch-solution></pl-sketch>""",
    "lines": """<pl-sketch answers-name="s" allow-blank="true"><pl-sketch-tool id="v" type="vertical-line"></pl-sketch-tool>
<pl-sketch-tool id="h" type="horizontal-line"></pl-sketch-tool><pl-sketch-tool id="l" type="line"></pl-sketch-tool>
<pl-sketch-grade type="match" tool-id="v" x="2"></pl-sketch-grade><pl-sketch-grade type="count" tool-id="v" count="1" mode="at-most"></pl-sketch-grade>
<pl-sketch-grade type="greater-than" tool-id="h" y="1"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="l" x="-2" y="-2" endpoint="start"></pl-sketch-grade>
<pl-sketch-grade type="monot-increasing" tool-id="l"></pl-sketch-grade><pl-sketch-grade type="undefined-in" tool-id="l" x-range="3,"></pl-sketch-grade>
<pl-sketch-solution tool-id="v" coordinates="2"></pl-sketch-solution><pl-sketch-solution tool-id="h" coordinates="2"></pl-sketch-solution>
<pl-sketch-solution tool-id="l" coordinates="(-2,-2),(2,1)"></pl-sketch-solution></pl-sketch>""",
    "mix": """<pl-sketch answers-name="s" x-range="-4,6" y-range="-3,7" allow-blank="true">
<pl-sketch-tool id="pl" type="polyline"></pl-sketch-tool><pl-sketch-tool id="p" type="point"></pl-sketch-tool>
<pl-sketch-tool id="v" type="vertical-line"></pl-sketch-tool><pl-sketch-tool id="l" type="line"></pl-sketch-tool>
<pl-sketch-tool id="f" type="free-draw"></pl-sketch-tool>
<pl-sketch-grade type="concave-up" tool-id="pl" x-range="0,2"></pl-sketch-grade>
<pl-sketch-grade type="count" tool-id="p" count="2" mode="at-least" x-range="0,4"></pl-sketch-grade>
<pl-sketch-grade type="greater-than" tool-id="p" function="x-1"></pl-sketch-grade>
<pl-sketch-grade type="undefined-in" tool-id="v,p" x-range="-4,-1"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="f" x="1"></pl-sketch-grade><pl-sketch-grade type="match" tool-id="p" y="3"></pl-sketch-grade>
<pl-sketch-grade type="monot-decreasing" tool-id="l"></pl-sketch-grade><pl-sketch-grade type="less-than" tool-id="l" y="4" x-range="-2,2"></pl-sketch-grade>
<pl-sketch-grade type="defined-in" tool-id="l,f" x-range="-2,3" tolerance="10"></pl-sketch-grade>
<pl-sketch-grade type="less-than" tool-id="f" function="y+1" xy-flip="true" y-range="0,4"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="l" x="3" y="0" endpoint="either" tolerance="10"></pl-sketch-grade>
<pl-sketch-grade type="match" tool-id="pl" x="0" y="1"></pl-sketch-grade></pl-sketch>""",
    "down": """<pl-sketch answers-name="s" allow-blank="true"><pl-sketch-tool id="c" type="spline"></pl-sketch-tool>
<pl-sketch-grade type="concave-down" tool-id="c" x-range="-3,3"></pl-sketch-grade><pl-sketch-grade type="monot-decreasing" tool-id="c" x-range="0,3"></pl-sketch-grade>
<pl-sketch-grade type="less-than" tool-id="c" function="2-x**2/4" x-range="-3,3" tolerance="20"></pl-sketch-grade>
<pl-sketch-grade type="defined-in" tool-id="c" x-range="-3,3"></pl-sketch-grade>
<pl-sketch-solution tool-id="c" function="1-x**2/4" x-range="-4,4"></pl-sketch-solution></pl-sketch>""",
}

PREPARE_ERRORS = [
    "<pl-sketch></pl-sketch>",
    '<pl-sketch answers-name="s" colour="red"></pl-sketch>',
    '<pl-sketch answers-name="s" width="901"></pl-sketch>',
    '<pl-sketch answers-name="s" width="300"><pl-sketch-tool id="a" type="point"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s" x-range="5,1"></pl-sketch>',
    '<pl-sketch answers-name="s" x-range="1"></pl-sketch>',
    '<pl-sketch answers-name="s" y-range=",3"></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="circle"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="point" dash-style="dashed"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="line" dash-style="wavy"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="point" read-only="true" helper="true"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="point" limit="0"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="polygon" opacity="2"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="a" type="line" direction-constraint="diagonal"></pl-sketch-tool></pl-sketch>',
    '<pl-sketch answers-name="s">' + "".join(f'<pl-sketch-tool id="t{i}" type="point"></pl-sketch-tool>' for i in range(8)) + "</pl-sketch>",
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match" tool-id="zz" x="1"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="wiggly" tool-id="fd"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="count" tool-id="fd"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="count" tool-id="fd" count="1" mode="most"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match" tool-id="fd"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match" tool-id="fd" x="1" endpoint="start"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="h" type="horizontal-line"></pl-sketch-tool><pl-sketch-grade type="match" tool-id="h" x="1"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="h" type="horizontal-line"></pl-sketch-tool><pl-sketch-grade type="defined-in" tool-id="h"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="p" type="point"></pl-sketch-tool><pl-sketch-grade type="concave-up" tool-id="p"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="p" type="polygon"></pl-sketch-tool><pl-sketch-grade type="monot-increasing" tool-id="p"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match-function" tool-id="fd" function="import os"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match-function" tool-id="fd" function="exp(x)"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="l" type="line"></pl-sketch-tool><pl-sketch-grade type="match-function" tool-id="l" function="x"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="less-than" tool-id="fd"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="less-than" tool-id="fd" y="1" function="x"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-grade type="match" tool-id="fd" x="1" colour="red"></pl-sketch-grade></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-initial tool-id="zz" coordinates="(1,1)"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-initial tool-id="fd"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-initial tool-id="fd" coordinates="(1,1)"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-initial tool-id="fd" coordinates="1,1"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="p" type="point"></pl-sketch-tool><pl-sketch-initial tool-id="p" coordinates="(1,1),(2,2)"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="h" type="horizontal-line"></pl-sketch-tool><pl-sketch-initial tool-id="h" coordinates="x"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-tool id="l" type="line"></pl-sketch-tool><pl-sketch-initial tool-id="l" coordinates="(1,1)"></pl-sketch-initial></pl-sketch>',
    '<pl-sketch answers-name="s"><pl-sketch-initial tool-id="fd" function="x" x-range="3,1"></pl-sketch-initial></pl-sketch>',
]


def _px(config, x, y):
    (x0, x1), (y0, y1) = config["xrange"], config["yrange"]
    return [(x - x0) * config["width"] / (x1 - x0), (y1 - y) * config["height"] / (y1 - y0)]


def curve(config, fun, a, b, n=40):
    """A drawn curve through n points of fun on [a, b], straight between them (as a spline)."""
    pts = [_px(config, a + (b - a) * i / (n - 1), fun(a + (b - a) * i / (n - 1))) for i in range(n)]
    out = [pts[0]]
    for p, q in zip(pts, pts[1:]):
        out += [[p[0] + (q[0] - p[0]) / 3, p[1] + (q[1] - p[1]) / 3], [p[0] + 2 * (q[0] - p[0]) / 3, p[1] + 2 * (q[1] - p[1]) / 3], q]
    return {"spline": out}


def point(config, x, y):
    return {"point": _px(config, x, y)}


def hline(config, y):
    p = _px(config, 0, y)[1]
    return {"spline": [[0, p], [round(config["width"] / 3), p], [round(2 * config["width"] / 3), p], [config["width"], p]]}


def vline(config, x):
    p = _px(config, x, 0)[0]
    return {"spline": [[p, 0], [p, round(config["height"] / 3)], [p, round(2 * config["height"] / 3)], [p, config["height"]]]}


def polygon(config, corners):
    return curve_through(config, corners + corners[:1])


def curve_through(config, corners):
    pts = [_px(config, x, y) for x, y in corners]
    out = [pts[0]]
    for p, q in zip(pts, pts[1:]):
        out += [[p[0] + (q[0] - p[0]) / 3, p[1] + (q[1] - p[1]) / 3], [p[0] + 2 * (q[0] - p[0]) / 3, p[1] + 2 * (q[1] - p[1]) / 3], q]
    return {"spline": out}


def submissions(key, c):
    """Named gradeable data for the element REAL[key], given its canvas config c."""
    s = {
        "example": {
            "right": {"fd": [curve(c, lambda x: 2 ** x, -1.1, 2.1)], "hl": [hline(c, 0)], "pt": []},
            "line-off": {"fd": [curve(c, lambda x: 2 ** x, -1.1, 2.1)], "hl": [hline(c, 1)], "pt": []},
            "two-lines": {"fd": [curve(c, lambda x: 2 ** x, -1.1, 2.1)], "hl": [hline(c, 0), hline(c, 3)], "pt": []},
            "linear": {"fd": [curve(c, lambda x: x + 1, -1.1, 2.1)], "hl": [hline(c, 0)], "pt": []},
            "half": {"fd": [curve(c, lambda x: 2 ** x, 0.5, 2.1)], "hl": [hline(c, 0)], "pt": []},
            "nothing": {"fd": [], "hl": [], "pt": []},
        },
        "points": {
            "right": {"p": [point(c, 0, 0), point(c, 1, 1), point(c, -2, 2)]},
            "far-right": {"p": [point(c, 0, 0), point(c, 1, 1), point(c, 4, 0)]},
            "high": {"p": [point(c, 0, 0), point(c, 1, 1), point(c, -2, 4)]},
            "low": {"p": [point(c, 0, 0), point(c, 1, 1), point(c, -2, -4)]},
            "two": {"p": [point(c, 0.05, 0.05), point(c, 1, 1)]},
            "near-miss": {"p": [point(c, 0.4, 0), point(c, 1, 1), point(c, -1, 0)]},
        },
        "function": {
            "right": {"fun": [curve(c, lambda x: x, -1.2, 5.2)]},
            "short": {"fun": [curve(c, lambda x: x, -1.2, 2)]},
            "wrong-slope": {"fun": [curve(c, lambda x: 2 * x, -1.2, 5.2)]},
            "falls": {"fun": [curve(c, lambda x: x if x < 1 else 2 - x, -1.2, 5.2)]},
        },
        "polygon": {
            "right": {"area": [polygon(c, [(0, 0), (2, 2.1), (2, -2.1)])], "sp1": []},
            "small": {"area": [polygon(c, [(0, 0), (1, 0.5), (1, -0.5)])], "sp1": []},
            "too-big": {"area": [polygon(c, [(0, 0), (2, 4), (2, -2)])], "sp1": []},
        },
        "segments": {
            "right": {"fd": [curve(c, lambda x: x if x < 0 else x * x, -3.1, 2.2)]},
            "line": {"fd": [curve(c, lambda x: x, -3.1, 3.1)]},
            "left-only": {"fd": [curve(c, lambda x: x, -3.1, 0)]},
        },
        "stage": {
            "right": {"fd": [curve(c, lambda x: x if x < 0 else x * x, -3.1, 2.2)]},
            "line": {"fd": [curve(c, lambda x: x, -3.1, 3.1)]},
        },
        "xyflip": {
            "right": {"fd": [curve_through(c, [(y * y, y) for y in [-2.2 + 0.1 * i for i in range(45)]])]},
            "wrong": {"fd": [curve_through(c, [(-y * y, y) for y in [-2.2 + 0.1 * i for i in range(45)]])]},
        },
        "multi": {
            "right": {"sin": [curve(c, math.sin, -3.1, 3.1)], "parabola": [curve(c, lambda x: x * x / 4, -3.1, 3.1)],
                      "absval": [curve_through(c, [(-3, 3), (0, 0), (3, 3)])]},
            "swapped": {"sin": [curve(c, lambda x: x * x / 4, -3.1, 3.1)], "parabola": [curve(c, math.sin, -3.1, 3.1)],
                        "absval": [curve_through(c, [(-3, 3), (0, 0), (3, 3)])]},
            "partial": {"sin": [curve(c, math.sin, 0, 3.1)], "parabola": [], "absval": []},
        },
        "sin": {
            "right": {"fd": [curve(c, math.sin, -0.5, 6.5, 60)]},
            "cosine": {"fd": [curve(c, math.cos, -0.5, 6.5, 60)]},
            "half": {"fd": [curve(c, math.sin, 0, 3.2, 40)]},
        },
        "increasing": {
            "right": {"fd": [curve(c, lambda x: 1 + x / 2, 0, 4)], "ref": []},
            "wiggle": {"fd": [curve(c, lambda x: 1 + x / 2 + 0.8 * math.sin(3 * x), 0, 4)], "ref": []},
            "below": {"fd": [curve(c, lambda x: x - 1, 0, 4)], "ref": []},
        },
        "concave": {
            "right": {"sp": [curve(c, lambda x: x * x + 1, -2, 2)]},
            "cap": {"sp": [curve(c, lambda x: 1 - x * x / 2, -2, 2)]},
            "line": {"sp": [curve(c, lambda x: 1 + x, -2, 2)]},
        },
        "intersect": {
            "right": {"pt": [point(c, -1, 1), point(c, 2, 4)], "f": []},
            "three": {"pt": [point(c, -1, 1), point(c, 2, 4), point(c, 0, 0)], "f": []},
            "off": {"pt": [point(c, -1.5, 1), point(c, 2, 4)], "f": []},
        },
        "lines": {
            "right": {"v": [vline(c, 2)], "h": [hline(c, 2)], "l": [curve_through(c, [(-2, -2), (2, 1)])]},
            "backwards": {"v": [vline(c, 2), vline(c, -3)], "h": [hline(c, 0)], "l": [curve_through(c, [(4, 1), (-2, -2)])]},
        },
        "mix": {
            "a": {"pl": [curve_through(c, [(-1, 1), (0, 1), (1, 3)])], "p": [point(c, 1, 3), point(c, 3, 3.5)], "v": [vline(c, 5)],
                  "l": [curve_through(c, [(-2, 3), (3, 0)])], "f": [curve(c, lambda x: x / 2, -3, 3)]},
            "b": {"pl": [curve_through(c, [(0, 0), (1, 2), (2, 2.2)])], "p": [point(c, -2, 3), point(c, 2, 0.5), point(c, 2.02, 0.5)],
                  "v": [vline(c, -2)], "l": [curve_through(c, [(-2, -2), (3, 0)])], "f": [curve(c, lambda x: 2 * x, -1, 2)]},
            "c": {"pl": [], "p": [point(c, 5, 6.8)], "v": [], "l": [curve_through(c, [(3.1, 0.2), (-2, 6)])],
                  "f": [curve(c, lambda x: 4 - x, 0.5, 5.5)]},
            "d": {"pl": [curve_through(c, [(0, 1), (4, 1)])], "p": [], "v": [vline(c, -3.9), vline(c, 5.9)], "l": [],
                  "f": [curve(c, lambda x: x * x / 3 - 2, -4, 5.9)]},
        },
        "down": {
            "right": {"c": [curve(c, lambda x: 1 - x * x / 4, -4, 4)]},
            "up": {"c": [curve(c, lambda x: x * x / 4 - 1, -4, 4)]},
            "high": {"c": [curve(c, lambda x: 3 - x * x / 4, -4, 4)]},
        },
    }
    return s.get(key, {})


def parse_cases(c):
    """Raw submissions for REAL["tools"] (not allow-blank): broken, blank, overlapping, too many corners."""
    empty = {t: [] for t in ("point", "hline", "vline", "line", "freedraw", "spline", "polyline", "polygon")}
    many = polygon(c, [(math.cos(i / 5), math.sin(i / 5)) for i in range(32)])
    return {
        "not-base64": "%%%",
        "no-gradeable": {"data": {}},
        "gradeable-list": {"gradeable": []},
        "tool-not-list": {"gradeable": {"point": {}}},
        "item-not-dict": {"gradeable": {"point": [1]}},
        "item-empty": {"gradeable": {"point": [{}]}},
        "bad-pair": {"gradeable": {"freedraw": [{"spline": [[1]]}]}},
        "bad-number": {"gradeable": {"point": [{"point": [1, "a"]}]}},
        "blank": {"gradeable": empty},
        "unknown-tool": {"gradeable": {**empty, "zz": [{"point": [1, 2]}]}},
        "overlap": {"gradeable": {**empty, "freedraw": [curve(c, lambda x: x, -2, 2), curve(c, lambda x: -x, 0, 3)]}},
        "touching": {"gradeable": {**empty, "freedraw": [curve(c, lambda x: x, -2, 0), curve(c, lambda x: -x, 0, 3)]}},
        "many-corners": {"gradeable": {**empty, "polygon": [many]}},
        "fine": {"gradeable": {**empty, "point": [point(c, 1, 1)]}, "data": {"point": [{"x": 10, "y": 20}]}},
    }
