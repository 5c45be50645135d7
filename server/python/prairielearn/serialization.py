"""to_json / from_json: JSON-safe tagged encodings of numpy, sympy, pandas and networkx values."""

from typing import Any

import numpy as np

__all__ = ["to_json", "from_json", "is_int_json_serializable"]

_MAX_JSON_INT = 2**53 - 1


def is_int_json_serializable(n: int) -> bool:
    return -_MAX_JSON_INT <= n <= _MAX_JSON_INT


def _is_sympy(v: Any, kind: str) -> bool:
    import sys

    sympy = sys.modules.get("sympy")
    return sympy is not None and isinstance(v, getattr(sympy, kind))


def to_json(v: Any, *, df_encoding_version: int = 1, np_encoding_version: int = 1) -> Any:
    """A JSON-safe value for `v`; plain or unknown values come back unchanged (tuples become lists)."""
    if np_encoding_version not in (1, 2):
        raise ValueError(f"Invalid np_encoding_version {np_encoding_version}, must be 1 or 2")
    if df_encoding_version not in (1, 2):
        raise ValueError(f"Invalid df_encoding_version {df_encoding_version}, must be 1 or 2")
    if np_encoding_version == 2 and isinstance(v, np.generic):
        return {"_type": "np_scalar", "_concrete_type": type(v).__name__, "_value": str(v)}
    if isinstance(v, (complex, np.complexfloating)):
        return {"_type": "complex", "_value": {"real": float(v.real), "imag": float(v.imag)}}
    if isinstance(v, np.ndarray):
        if np.iscomplexobj(v):
            return {
                "_type": "complex_ndarray",
                "_value": {"real": v.real.tolist(), "imag": v.imag.tolist()},
                "_dtype": str(v.dtype),
            }
        return {"_type": "ndarray", "_value": v.tolist(), "_dtype": str(v.dtype)}
    if _is_sympy(v, "Set") or _is_sympy(v, "Expr"):
        from prairielearn.sympy_utils import sympy_to_json

        return sympy_to_json(v, allow_complex=True)
    if _is_sympy(v, "MatrixBase"):
        from prairielearn.sympy_utils import sympy_to_json

        names = sorted({str(s) for s in v.free_symbols})
        return {
            "_type": "sympy_matrix",
            "_value": [[str(v[i, j]) for j in range(v.shape[1])] for i in range(v.shape[0])],
            "_variables": names,
            "_shape": [int(v.shape[0]), int(v.shape[1])],
        }
    try:
        import pandas as pd
    except ImportError:
        pd = None
    if pd is not None and isinstance(v, pd.DataFrame):
        if df_encoding_version == 1:
            return {
                "_type": "dataframe",
                "_value": {
                    "index": v.index.tolist(),
                    "columns": v.columns.tolist(),
                    "data": [[to_json(x) for x in row] for row in v.values.tolist()],
                },
            }
        import json

        frame = v.copy()
        frame.columns = [str(c) if not isinstance(c, str) else c for c in frame.columns]
        return {"_type": "dataframe_v2", "_value": json.loads(frame.to_json(orient="table"))}
    if type(v).__module__.startswith("networkx"):
        import networkx as nx

        if isinstance(v, nx.Graph):
            return {"_type": "networkx_graph", "_value": nx.adjacency_data(v)}
    if isinstance(v, tuple):
        return [to_json(x, df_encoding_version=df_encoding_version, np_encoding_version=np_encoding_version) for x in v]
    return v


def _need(v: dict, *keys: str) -> None:
    for k in keys:
        if k not in v:
            raise ValueError(f"variable of type {v['_type']} needs field {k}")


def from_json(v: Any) -> Any:
    """Inverse of to_json; values without `_type` are returned unchanged."""
    if not isinstance(v, dict) or "_type" not in v:
        return v
    t = v["_type"]
    if t == "np_scalar":
        _need(v, "_concrete_type", "_value")
        return getattr(np, v["_concrete_type"])(v["_value"])
    if t == "complex":
        _need(v, "_value")
        value = v["_value"]
        if "real" not in value or "imag" not in value:
            raise ValueError("variable of type complex should have value with real and imaginary pair")
        return complex(value["real"], value["imag"])
    if t == "ndarray":
        _need(v, "_value")
        arr = np.array(v["_value"])
        return arr.astype(v["_dtype"]) if "_dtype" in v else arr
    if t == "complex_ndarray":
        _need(v, "_value")
        value = v["_value"]
        if "real" not in value or "imag" not in value:
            raise ValueError("variable of type complex_ndarray should have value with real and imaginary pair")
        arr = np.array(value["real"]) + 1j * np.array(value["imag"])
        return arr.astype(v["_dtype"]) if "_dtype" in v else arr
    if t == "sympy":
        from prairielearn.sympy_utils import json_to_sympy

        return json_to_sympy(v, allow_complex=True)
    if t == "sympy_matrix":
        _need(v, "_value", "_variables", "_shape")
        import sympy

        local = {name: sympy.Symbol(name) for name in v["_variables"]}
        rows = [[sympy.sympify(cell, locals=local) for cell in row] for row in v["_value"]]
        return sympy.Matrix(rows) if rows else sympy.zeros(*v["_shape"])
    if t == "dataframe":
        _need(v, "_value")
        import pandas as pd

        value = v["_value"]
        data = [[from_json(x) for x in row] for row in value["data"]]
        return pd.DataFrame(index=value["index"], columns=value["columns"], data=data)
    if t == "dataframe_v2":
        _need(v, "_value")
        import io
        import json

        import pandas as pd

        return pd.read_json(io.StringIO(json.dumps(v["_value"])), orient="table")
    if t == "networkx_graph":
        _need(v, "_value")
        import networkx as nx

        return nx.adjacency_graph(v["_value"])
    raise ValueError(f"variable has unknown type {t}")
