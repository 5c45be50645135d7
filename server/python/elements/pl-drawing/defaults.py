"""pl-drawing's default values. Element extensions read this module by its name
(pl.load_host_script("defaults.py")), so the names below are part of the element's interface."""

# Attributes of <pl-drawing> itself.
element_defaults = {
    "gradable": False,
    "answers-name": "",
    "aria-label": None,
    "aria-description": None,
    "draw-error-box": False,
    "grid-size": 20,
    "angle-tol": 10,
    "snap-to-grid": False,
    "width": 580,
    "height": 320,
    "show-tolerance-hint": True,
    "render-scale": 1.5,
    "disregard-extra-elements": False,
}

# Shared defaults of the drawing objects (positions and sizes in canvas pixels, angles in degrees).
drawing_defaults = {
    "x1": 40,
    "y1": 40,
    "x2": 80,
    "y2": 20,
    "offsetx": 2,
    "offsety": 2,
    "width": 30,
    "width-rod": 20,
    "height": 40,
    "label": "",
    "angle": 0,
    "end-angle": 60,
    "radius": 20,
    "opacity": 1,
    "stroke-width": 2,
    "selectable": False,
    "font-size": 16,
    "point-size": 4,
    "force-width": 60,
}

no_submission_error = "There was no submitted answer.  Please place some objects on the canvas and try again."
