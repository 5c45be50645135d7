"""Drawing objects of mechanics figures: supports, rods, pulleys, springs and coils (never graded)."""

from drawing_base import D, Attrs, make_kind, static_flags

SUPPORT_ATTRS = ["x1", "y1", "height", "width", "angle", "draw-pin", "draw-ground", "label", "offsetx", "offsety", "color", "stroke-color", "stroke-width"]


def _support(a: Attrs, fill: str) -> dict:
    return {
        "x1": a.num("x1", D["x1"]),
        "y1": a.num("y1", D["y1"]),
        "height": a.num("height", D["height"]),
        "width": a.num("width", D["width"]),
        "angle": a.num("angle", D["angle"]),
        "label": a.text("label", D["label"]),
        "offsetx": a.num("offsetx", D["offsetx"]),
        "offsety": a.num("offsety", D["offsety"]),
        "color": a.color("color", fill),
    }


def pin_support(el, _data) -> dict:
    """pl-roller and pl-fixed-pin: the same fields."""
    a = Attrs(el)
    obj = _support(a, "brown1")
    obj.update({
        "stroke": a.color("stroke-color", "black"),
        "strokeWidth": a.num("stroke-width", D["stroke-width"]),
        "drawPin": a.flag("draw-pin", True),
        "drawGround": a.flag("draw-ground", True),
    })
    return {**obj, **static_flags()}


def clamped(el, _data) -> dict:
    a = Attrs(el)
    obj = _support(a, "black")
    # PrairieLearn reads this colour as plain text (no colour-name conversion).
    obj.update({"stroke": a.text("stroke-color", "black"), "strokeWidth": a.num("stroke-width", D["stroke-width"])})
    return {**obj, **static_flags()}


def _rod_style(a: Attrs) -> dict:
    return {
        "color": a.color("color", "white"),
        "stroke": a.color("stroke-color", "black"),
        "strokeWidth": a.num("stroke-width", D["stroke-width"]),
        "drawPin": a.flag("draw-pin", True),
        **static_flags(),
    }


def _labelled_ends(a: Attrs, count: int, offsets: tuple[float, float]) -> dict:
    out = {}
    for i in range(1, count + 1):
        out[f"label{i}"] = a.text(f"label{i}", D["label"] if count == 2 else "")
        out[f"offsetx{i}"] = a.num(f"offsetx{i}", offsets[0])
        out[f"offsety{i}"] = a.num(f"offsety{i}", offsets[1])
    return out


def rod(el, _data) -> dict:
    a = Attrs(el)
    obj = {"height": a.num("width", D["width-rod"]), "x1": a.num("x1", D["x1"]), "y1": a.num("y1", D["y1"]),
           "x2": a.num("x2", D["x2"]), "y2": a.num("y2", D["y2"])}
    obj.update(_labelled_ends(a, 2, (D["offsetx"], D["offsety"])))
    return {**obj, **_rod_style(a)}


def collar_rod(el, _data) -> dict:
    a = Attrs(el)
    w = a.num("width", 20)
    obj = {
        "height": w, "x1": a.num("x1", 40), "y1": a.num("y1", 40),
        "collar1": a.flag("draw-collar-end1", True), "w1": a.num("w1", 1.5 * w), "h1": a.num("h1", 2 * w),
        "x2": a.num("x2", 100), "y2": a.num("y2", 40),
        "w2": a.num("w2", 1.5 * w), "h2": a.num("h2", 2 * w), "collar2": a.flag("draw-collar-end2", False),
    }
    obj.update(_labelled_ends(a, 2, (2, 2)))
    return {**obj, **_rod_style(a)}


def multi_point_rod(corners: list[tuple[float, float]]):
    """pl-3pointrod / pl-4pointrod: a rod through 3 or 4 given points."""

    def generate(el, _data) -> dict:
        a = Attrs(el)
        obj = {"height": a.num("width", 20)}
        for i, (x, y) in enumerate(corners, start=1):
            obj[f"x{i}"] = a.num(f"x{i}", x)
            obj[f"y{i}"] = a.num(f"y{i}", y)
        obj.update(_labelled_ends(a, len(corners), (0, -20)))
        return {**obj, **_rod_style(a)}

    return generate


def pulley(el, _data) -> dict:
    a = Attrs(el)
    return {
        "x1": a.num("x1", 100), "y1": a.num("y1", 100), "x2": a.num("x2", 140), "y2": a.num("y2", 140),
        "x3": a.num("x3", 40), "y3": a.num("y3", 130),
        # PrairieLearn's default here is the string "false" (so an absent attribute is truthy in the page).
        "longer": a.flag("alternative-path", "false"),
        "radius": a.num("radius", 20), "label": a.text("label", ""),
        "offsetx": a.num("offsetx", 2), "offsety": a.num("offsety", 2),
        "stroke": a.color("stroke-color", "black"), "strokeWidth": a.num("stroke-width", D["stroke-width"]),
        "fill": a.color("color", "gray"),
    }


def coil_like(width_default: float, height_default: float, with_interval: bool):
    """pl-spring (zigzag with `interval`) and pl-coil, drawn between two points."""

    def generate(el, _data) -> dict:
        a = Attrs(el)
        x2, y2 = a.end_point(width_default, D["angle"])
        obj = {"x1": a.num("x1", D["x1"]), "y1": a.num("y1", D["y1"]), "x2": x2, "y2": y2, "height": a.num("height", height_default)}
        if with_interval:
            obj["dx"] = a.num("interval", 10)
        obj.update({"originX": "center", "originY": "center", "stroke": a.color("stroke-color", "black"),
                    "strokeWidth": a.num("stroke-width", D["stroke-width"]), "drawPin": a.flag("draw-pin", False)})
        return {**obj, **static_flags()}

    return generate


ROD_STYLE = ["color", "stroke-color", "stroke-width"]


def _ends(n: int) -> list[str]:
    return [f"{k}{i}" for i in range(1, n + 1) for k in ("label", "offsetx", "offsety")]


KINDS = {
    "pl-roller": make_kind(SUPPORT_ATTRS, pin_support),
    "pl-fixed-pin": make_kind(SUPPORT_ATTRS, pin_support),
    "pl-clamped": make_kind(["x1", "y1", "height", "width", "angle", "label", "offsetx", "offsety", "color", "stroke-width"], clamped),
    "pl-rod": make_kind(["x1", "y1", "x2", "y2", "width", "draw-pin", *_ends(2), *ROD_STYLE], rod),
    "pl-collar-rod": make_kind(["x1", "y1", "x2", "y2", "width", "draw-pin", *_ends(2), "draw-collar-end1", "w1", "h1",
                                "draw-collar-end2", "w2", "h2", *ROD_STYLE], collar_rod),
    "pl-3pointrod": make_kind(["x1", "y1", "x2", "y2", "x3", "y3", "width", "draw-pin", *_ends(3), *ROD_STYLE],
                              multi_point_rod([(40, 100), (100, 100), (100, 140)])),
    "pl-4pointrod": make_kind(["x1", "y1", "x2", "y2", "x3", "y3", "x4", "y4", "width", "draw-pin", *_ends(4), *ROD_STYLE],
                              multi_point_rod([(40, 100), (100, 100), (100, 160), (140, 60)])),
    "pl-pulley": make_kind(["x1", "y1", "x2", "y2", "x3", "y3", "alternative-path", "radius", "label", "offsetx", "offsety",
                            *ROD_STYLE], pulley),
    "pl-spring": make_kind(["x1", "y1", "width", "angle", "height", "interval", "x2", "y2", "stroke-color", "stroke-width", "draw-pin"],
                           coil_like(D["force-width"], D["height"], True)),
    "pl-coil": make_kind(["x1", "y1", "width", "angle", "height", "x2", "y2", "stroke-color", "stroke-width", "draw-pin"],
                         coil_like(80, 30, False)),
}
