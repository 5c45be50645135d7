"""<pl-graph>: a Graphviz graph from DOT text (inline or a file) or from params (adjacency matrix,
networkx graph). PrairieLearn lays it out on the server with pygraphviz; here the controller makes
the DOT text and the page lays it out with Graphviz compiled to WebAssembly (pl-graph.js), so no
Graphviz install is needed and the picture is Graphviz's own."""

import html
import os

import numpy as np
import prairielearn as pl
from dot_source import dot_from_adjacency, dot_from_networkx
from prairielearn.element_ui import parse_element, source_directory

# The attribute defaults, by the names element extensions read from the host script
# (pl.load_host_script("pl-graph.py").PARAMS_NAME_DEFAULT, ...).
ENGINE_DEFAULT = "dot"
PARAMS_NAME_MATRIX_DEFAULT = None
PARAMS_NAME_DEFAULT = None
PARAMS_NAME_LABELS_DEFAULT = None
PARAMS_TYPE_DEFAULT = "adjacency-matrix"
WEIGHTS_DEFAULT = None
WEIGHTS_DIGITS_DEFAULT = 2
WEIGHTS_PRESENTATION_TYPE_DEFAULT = "f"
NEGATIVE_WEIGHTS_DEFAULT = False
DIRECTED_DEFAULT = True
LOG_WARNINGS_DEFAULT = True
SOURCE_FILE_NAME_DEFAULT = None
DIRECTORY_DEFAULT = "."
ARIA_LABEL_DEFAULT = None
ARIA_DESCRIPTION_DEFAULT = None

OPTIONAL_ATTRIBS = [
    "directed",
    "engine",
    "params-name-matrix",
    "params-name",
    "weights",
    "weights-digits",
    "weights-presentation-type",
    "params-name-labels",
    "params-type",
    "negative-weights",
    "log-warnings",
    "source-file-name",
    "directory",
    "aria-label",
    "aria-description",
]


def _params_name(element) -> str | None:
    # params-name-matrix is the older name; params-name wins when both are given.
    legacy = pl.get_string_attrib(element, "params-name-matrix", PARAMS_NAME_MATRIX_DEFAULT)
    return pl.get_string_attrib(element, "params-name", legacy)


def from_adjacency_matrix(element, data: dict) -> str:
    name = _params_name(element)
    if name is None:
        raise ValueError('"params-name" is a required attribute.')
    mat = np.array(pl.from_json(data["params"][name]))
    labels_name = pl.get_string_attrib(element, "params-name-labels", PARAMS_NAME_LABELS_DEFAULT)
    show_weights = pl.get_boolean_attrib(element, "weights", WEIGHTS_DEFAULT)
    digits = pl.get_integer_attrib(element, "weights-digits", WEIGHTS_DIGITS_DEFAULT)
    presentation_type = pl.get_string_attrib(element, "weights-presentation-type", WEIGHTS_PRESENTATION_TYPE_DEFAULT).lower()
    directed = pl.get_boolean_attrib(element, "directed", DIRECTED_DEFAULT)
    negative_weights = pl.get_boolean_attrib(element, "negative-weights", NEGATIVE_WEIGHTS_DEFAULT)
    if mat.ndim != 2 or mat.shape[0] != mat.shape[1]:
        shape = ", ".join(str(n) for n in mat.shape)
        raise ValueError(f'Non-square adjacency matrix "{name}" of size ({shape}) given as input.')
    if labels_name is not None:
        labels = list(np.array(pl.from_json(data["params"][labels_name])))
        if len(labels) != mat.shape[0]:
            raise ValueError(
                f'Dimension {len(labels)} of the label "{labels_name}"'
                f'is not consistent with the dimension {mat.shape[0]} of the matrix "{name}".'
            )
    else:
        labels = list(range(mat.shape[1]))
    if not directed and not np.allclose(mat, mat.T):
        raise ValueError(f'Input matrix "{name}" must be symmetric if rendering is set to be undirected.')
    if show_weights is None:
        # Weights show by themselves when some entry is neither 0 nor 1 (a stochastic matrix, say).
        show_weights = any(x not in {0, 1} for x in mat.flatten())

    def weight_text(x):
        return pl.string_from_2darray(x, presentation_type=presentation_type, digits=digits)

    return dot_from_adjacency(mat, labels, directed, show_weights, negative_weights, weight_text)


def from_networkx(element, data: dict) -> str:
    return dot_from_networkx(pl.from_json(data["params"][_params_name(element)]))


# The backends under the names PrairieLearn's controller gives them (extensions may call them).
graphviz_from_adj_matrix = from_adjacency_matrix
graphviz_from_networkx = from_networkx


def prepare(element_html: str, data: dict) -> None:
    optional = list(OPTIONAL_ATTRIBS)
    for extension in pl.load_all_extensions(data).values():
        optional.extend(getattr(extension, "optional_attribs", []))
    element = parse_element(element_html)
    pl.check_attribs(element, required_attribs=[], optional_attribs=optional)
    source_file_name = pl.get_string_attrib(element, "source-file-name", SOURCE_FILE_NAME_DEFAULT)
    if source_file_name is not None and element.text is not None and not str(element.text).isspace():
        raise ValueError('Existing graph content cannot be added inside html element when "source-file-name" attribute is used.')
    if pl.get_string_attrib(element, "aria-description", ARIA_DESCRIPTION_DEFAULT) and not pl.get_string_attrib(element, "aria-label", ARIA_LABEL_DEFAULT):
        raise ValueError('The "aria-description" attribute requires an "aria-label" attribute, which provides the graph\'s accessible name.')


def _read_source_file(element, data: dict, file_name: str) -> str:
    base = source_directory(data, pl.get_string_attrib(element, "directory", DIRECTORY_DEFAULT))
    path = os.path.join(base, file_name)
    if not os.path.exists(path):
        raise ValueError(f'Unknown file path: "{path}".')
    with open(path) as f:
        return f.read()


def dot_text(element, data: dict) -> str:
    backends = {"adjacency-matrix": from_adjacency_matrix, "networkx": from_networkx}
    for extension in pl.load_all_extensions(data).values():
        backends.update(getattr(extension, "backends", {}))
    params_name = _params_name(element)
    source_file_name = pl.get_string_attrib(element, "source-file-name", SOURCE_FILE_NAME_DEFAULT)
    if params_name is not None:
        params_type = pl.get_string_attrib(element, "params-type", PARAMS_TYPE_DEFAULT)
        if params_type not in backends:
            raise ValueError(f'Unknown graph type "{params_type}".')
        return backends[params_type](element, data)
    if source_file_name is not None:
        return _read_source_file(element, data, source_file_name)
    # No text at all is an empty graph, as pygraphviz makes of it.
    return element.text if element.text is not None else "strict graph {\n}\n"


def render(element_html: str, data: dict) -> str:
    element = parse_element(element_html)
    engine = pl.get_string_attrib(element, "engine", ENGINE_DEFAULT)
    log_warnings = pl.get_boolean_attrib(element, "log-warnings", LOG_WARNINGS_DEFAULT)
    aria_label = pl.get_string_attrib(element, "aria-label", ARIA_LABEL_DEFAULT)
    aria_description = pl.get_string_attrib(element, "aria-description", ARIA_DESCRIPTION_DEFAULT)
    dot = dot_text(element, data)
    attribs = 'class="pl-graph"'
    if aria_label:
        # role="img" makes the SVG's own titles presentational: readers announce the author's text.
        attribs += f' role="img" aria-label="{html.escape(aria_label)}"'
        if aria_description:
            attribs += f' aria-description="{html.escape(aria_description)}"'
    attribs += f' data-engine="{html.escape(engine)}" data-log-warnings="{str(log_warnings).lower()}"'
    attribs += f' data-dot="{html.escape(dot, quote=True)}"'
    return f'<div {attribs}><span class="pl-graph-pending">Laying out the graph…</span></div>'
