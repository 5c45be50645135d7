"""pl-matrix-latex: a number or numeric 2-D array from params as a LaTeX bmatrix, for MathJax to typeset."""

import lxml.html
import numpy as np
import prairielearn as pl


def prepare(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    pl.check_attribs(element, ["params-name"], ["digits", "presentation-type"])


def render(element_html, data):
    element = lxml.html.fragment_fromstring(element_html)
    name = pl.get_string_attrib(element, "params-name")
    digits = pl.get_integer_attrib(element, "digits", 2)
    presentation = pl.get_string_attrib(element, "presentation-type", "f")
    if name not in data["params"]:
        raise KeyError(f'Could not find {name} in params')
    value = pl.from_json(data["params"][name])
    if isinstance(value, (int, float, complex, np.number)) and not isinstance(value, bool):
        return pl.latex_from_2darray(value, presentation_type=presentation, digits=digits)
    array = np.array(value)
    if array.ndim != 2 or not np.issubdtype(array.dtype, np.number):
        raise ValueError(f'Parameter "{name}" of pl-matrix-latex must be a number or a numeric 2-D array')
    return pl.latex_from_2darray(array, presentation_type=presentation, digits=digits)
