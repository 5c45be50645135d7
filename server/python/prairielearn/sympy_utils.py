"""Sympy helpers (`import prairielearn.sympy_utils as psu`): safe parsing of student math and JSON round trips."""

import html
import re
from dataclasses import dataclass
from typing import Any

import sympy

from prairielearn.sympy_parse import (
    BASE_FUNCTIONS, SET_CONSTANTS, SET_FUNCTIONS, SYMPY_CONSTANTS, TRIG_FUNCTIONS, BaseSympyError, parse_math,
)

__all__ = [
    "BaseSympyError",
    "SympyParseFailure",
    "SympyParseSuccess",
    "convert_string_to_sympy",
    "try_parse_string_as_sympy",
    "validate_string_as_sympy",
    "evaluate",
    "evaluate_with_source",
    "point_to_error",
    "sympy_to_json",
    "json_to_sympy",
    "get_builtin_constants",
    "get_builtin_functions",
    "is_sympy_json",
    "get_items_list",
]

_HIDDEN_E = "_Exp1"
_HIDDEN_I = "_ImaginaryUnit"


def get_builtin_constants(*, allow_complex: bool = False) -> dict[str, Any]:
    constants: dict[str, Any] = {"pi": sympy.pi, "e": sympy.E, "infty": sympy.oo}
    if allow_complex:
        constants.update({"i": sympy.I, "j": sympy.I})
    return constants


def get_builtin_functions(*, allow_trig_functions: bool = True, allow_sets: bool = False) -> dict[str, Any]:
    functions = dict(BASE_FUNCTIONS)
    if allow_trig_functions:
        functions.update(TRIG_FUNCTIONS)
    if allow_sets:
        functions.update(SET_FUNCTIONS)
    return functions


def _symbol(name: str, assumptions: dict[str, Any] | None) -> sympy.Symbol:
    return sympy.Symbol(name, **(assumptions or {}).get(name, {}))


def _namespaces(
    variables: list[str] | None,
    *,
    allow_hidden: bool,
    allow_complex: bool,
    allow_trig_functions: bool,
    allow_sets: bool,
    custom_functions: list[str] | None,
    assumptions: dict[str, Any] | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    # PrairieLearn reads the rest of a name from all of sympy, so `E` (how sympy prints e, and so how its test
    # answers write it) is Euler's number unless a variable takes the name; likewise `oo` and the sets.
    names = {**SYMPY_CONSTANTS, **(SET_CONSTANTS if allow_sets else {})}
    names.update(get_builtin_constants(allow_complex=allow_complex))
    names["E"] = sympy.E
    functions = get_builtin_functions(allow_trig_functions=allow_trig_functions, allow_sets=allow_sets)
    for v in variables or []:
        v = v.strip()
        if v:
            names[v] = _symbol(v, assumptions)
    for f in custom_functions or []:
        f = f.strip()
        if f:
            functions[f] = sympy.Function(f)
    if allow_hidden:
        names[_HIDDEN_E] = sympy.E
        names[_HIDDEN_I] = sympy.I
    return names, functions


def convert_string_to_sympy(
    expr: str,
    variables: list[str] | None = None,
    *,
    allow_hidden: bool = False,
    allow_complex: bool = False,
    allow_sets: bool = False,
    allow_trig_functions: bool = True,
    simplify_expression: bool = True,
    custom_functions: list[str] | None = None,
    assumptions: dict[str, Any] | None = None,
    allow_extra_symbols: bool = False,
) -> Any:
    """A sympy object for `expr`; raises BaseSympyError (student-facing message) on anything unsafe or invalid.

    With simplify_expression=False the expression stays as written (sympy's evaluate=False), as PrairieLearn's.
    With allow_extra_symbols, unknown names become plain symbols instead of errors.
    """
    names, functions = _namespaces(
        variables,
        allow_hidden=allow_hidden,
        allow_complex=allow_complex,
        allow_trig_functions=allow_trig_functions,
        allow_sets=allow_sets,
        custom_functions=custom_functions,
        assumptions=assumptions,
    )
    if allow_extra_symbols:
        while True:
            try:
                return parse_math(expr, names, functions, evaluate=simplify_expression)
            except BaseSympyError as e:
                missing = _invalid_symbol(e)
                if missing is None or missing in names:
                    raise
                names[missing] = _symbol(missing, assumptions)
    return parse_math(expr, names, functions, evaluate=simplify_expression)


def _invalid_symbol(error: BaseSympyError) -> str | None:
    return error.name if error.message.startswith("Your answer refers to an invalid symbol") else None


def _first_invalid_symbol(
    expr: str, error: BaseSympyError, variables: list[str] | None, allow_complex: bool, allow_trig_functions: bool,
    allow_sets: bool, custom_functions: list[str] | None, assumptions: dict[str, Any] | None, simplify: bool,
) -> BaseSympyError:
    """The unknown name PrairieLearn 88fb855 reports (sympy_utils.py sympy_check): it builds the whole
    expression first, then walks it from the last argument down, so "x + y" without y names y, and the
    imaginary units of a question without complex numbers are unknown names like any other."""
    try:
        value = convert_string_to_sympy(
            expr, variables, allow_complex=allow_complex, allow_trig_functions=allow_trig_functions,
            allow_sets=allow_sets, custom_functions=custom_functions, assumptions=assumptions,
            simplify_expression=simplify, allow_extra_symbols=True,
        )
    except BaseSympyError:
        return error
    known = set(_namespaces(variables, allow_hidden=False, allow_complex=allow_complex, allow_trig_functions=True,
                            allow_sets=allow_sets, custom_functions=custom_functions, assumptions=None)[0])
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, sympy.Symbol) and str(item) not in known:
            return BaseSympyError(f'Your answer refers to an invalid symbol "{item}".', name=str(item))
        stack.extend(getattr(item, "args", ()))
    return error


def _last_name_offset(expr: str, name: str) -> int:
    """Where the caret goes for an unknown name, as PrairieLearn finds it: its last whole-word occurrence,
    else its last occurrence anywhere (the j of "3j")."""
    matches = list(re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", expr))
    return matches[-1].start() if matches else expr.rfind(name)


def _name_offset(expr: str, name: str | None) -> int | None:
    if not name:
        return None
    match = re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", expr)
    return match.start() if match else None


def point_to_error(expr: str, ind: int, w: int = 5) -> str:
    """Text around position `ind` with a caret under it; the whole text when the position is unknown (-1)."""
    if ind == -1:
        return expr
    w_left = " " * (ind - max(0, ind - w))
    w_right = " " * (min(ind + w, len(expr)) - ind)
    return expr[max(0, ind - w) : min(ind + w, len(expr))] + "\n" + w_left + "^" + w_right


@dataclass
class SympyParseSuccess:
    expr: Any


@dataclass
class SympyParseFailure:
    error: str


def try_parse_string_as_sympy(
    expr: str,
    variables: list[str] | None = None,
    *,
    allow_complex: bool = False,
    allow_trig_functions: bool = True,
    allow_sets: bool = False,
    custom_functions: list[str] | None = None,
    imaginary_unit: str | None = None,
    simplify_expression: bool = True,
    assumptions: dict[str, Any] | None = None,
) -> SympyParseSuccess | SympyParseFailure:
    """Parses student input; a failure carries the HTML message to show as the format error."""
    try:
        value = convert_string_to_sympy(
            expr,
            variables,
            simplify_expression=simplify_expression,
            allow_complex=allow_complex,
            allow_trig_functions=allow_trig_functions,
            allow_sets=allow_sets,
            custom_functions=custom_functions,
            assumptions=assumptions,
        )
    except BaseSympyError as e:
        if _invalid_symbol(e) is not None:
            e = _first_invalid_symbol(expr, e, variables, allow_complex, allow_trig_functions, allow_sets,
                                      custom_functions, assumptions, simplify_expression)
        if _invalid_symbol(e) is not None:
            offset = _last_name_offset(expr, e.name or "")
        else:
            offset = e.offset if e.offset is not None else _name_offset(expr, e.name)
        if offset is None:
            return SympyParseFailure(e.message)
        pointer = html.escape(point_to_error(expr, offset))
        return SympyParseFailure(f"{e.message} <br><br><pre>{pointer}</pre>Note that the location of the syntax error is approximate.")
    except (RecursionError, OverflowError, MemoryError, ValueError):
        return SympyParseFailure("Your answer has an invalid expression.")
    if isinstance(value, sympy.Set) and not allow_sets:
        return SympyParseFailure("Your answer contains set notation, but set notation is not allowed for this question.")
    if not allow_complex and isinstance(value, sympy.Basic) and value.has(sympy.I):
        return _complex_failure(value, imaginary_unit)
    return SympyParseSuccess(value)


def _complex_failure(value: Any, imaginary_unit: str | None) -> SympyParseFailure:
    unit = imaginary_unit or "i"
    latex = sympy.latex(value, imaginary_unit="i" if unit == "i" else "j")
    return SympyParseFailure(
        f"Your answer was simplified to this, which contains a complex number (denoted ${unit}$): $${latex}$$"
    )


def validate_string_as_sympy(expr: str, variables: list[str] | None = None, **kwargs: Any) -> str | None:
    """None when `expr` parses, else the student-facing error message."""
    result = try_parse_string_as_sympy(expr, variables, **kwargs)
    return result.error if isinstance(result, SympyParseFailure) else None


def evaluate(expr: str, locals_for_eval: dict[str, Any] | None = None, allow_complex: bool = False) -> Any:
    """Parses `expr` with the given names (symbols/values) and callables available; the safe parser, no eval."""
    names = get_builtin_constants(allow_complex=allow_complex)
    functions = get_builtin_functions(allow_trig_functions=True, allow_sets=True)
    for k, v in (locals_for_eval or {}).items():
        (functions if callable(v) and not isinstance(v, sympy.Basic) else names)[k] = v
    return parse_math(expr, names, functions)


def evaluate_with_source(expr: str, locals_for_eval: dict[str, Any] | None = None, allow_complex: bool = False) -> tuple[Any, str]:
    return evaluate(expr, locals_for_eval, allow_complex), expr


def get_items_list(items_string: str | None) -> list[str]:
    """'x, y' -> ['x', 'y']; None -> []."""
    return [] if items_string is None else [item.strip() for item in items_string.split(",")]


def is_sympy_json(value: Any) -> bool:
    return isinstance(value, dict) and value.get("_type") == "sympy"


class _JsonPrinter(sympy.printing.str.StrPrinter):
    """str() except that sets print as calls our parser reads back (sympy writes {1, 2} and Interval.open)."""

    def _print_FiniteSet(self, expr: Any) -> str:
        return "FiniteSet(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Interval(self, expr: Any) -> str:
        a, b, left_open, right_open = expr.args
        return f"Interval({self._print(a)}, {self._print(b)}, {bool(left_open)}, {bool(right_open)})"


def sympy_to_json(value: Any, *, allow_complex: bool = True, allow_trig_functions: bool = True) -> dict[str, Any]:
    """The tagged JSON form; E and (with allow_complex) I are written as hidden symbols so they survive a re-parse."""
    if not isinstance(value, sympy.Basic):
        value = sympy.sympify(value)
    symbols = sorted(value.free_symbols, key=str)
    # subs, as PrairieLearn's, so exp(x) is written _Exp1**x; an unevaluated expression stays unevaluated
    # except where a hidden symbol goes in.
    printed = value.subs(sympy.E, sympy.Symbol(_HIDDEN_E))
    if allow_complex:
        printed = printed.subs(sympy.I, sympy.Symbol(_HIDDEN_I))
    functions = sorted({str(f.func) for f in value.atoms(sympy.Function) if isinstance(f.func, sympy.core.function.UndefinedFunction)})
    return {
        "_type": "sympy",
        "_value": _JsonPrinter().doprint(printed),
        "_variables": [str(s) for s in symbols],
        "_assumptions": {str(s): s.assumptions0 for s in symbols if s.assumptions0},
        "_custom_functions": functions,
    }


def json_to_sympy(
    value: dict[str, Any], *, allow_complex: bool = True, allow_trig_functions: bool = True, allow_sets: bool = True,
    simplify_expression: bool = True,
) -> Any:
    if value.get("_type") != "sympy":
        raise ValueError("json must have _type == 'sympy' for json_to_sympy")
    if "_value" not in value or "_variables" not in value:
        raise ValueError("json must have _value and _variables for json_to_sympy")
    names, functions = _namespaces(
        value["_variables"],
        allow_hidden=True,
        allow_complex=allow_complex,
        allow_trig_functions=True,
        allow_sets=True,
        custom_functions=value.get("_custom_functions", []),
        assumptions=value.get("_assumptions"),
    )
    # sympy's printer uses these names; they are safe to resolve when reading our own output back.
    names.update({
        "E": sympy.E, "I": sympy.I, "oo": sympy.oo, "zoo": sympy.zoo, "nan": sympy.nan,
        "True": sympy.true, "False": sympy.false, "EmptySet": sympy.EmptySet,
    })
    functions.update({
        "Rational": sympy.Rational, "Integer": sympy.Integer, "Float": sympy.Float, "floor": sympy.floor,
        "ceiling": sympy.ceiling, "binomial": sympy.binomial, "gamma": sympy.gamma, "re": sympy.re, "im": sympy.im,
        "conjugate": sympy.conjugate, "arg": sympy.arg, "Complement": sympy.Complement,
    })
    return parse_math(value["_value"], names, functions, allow_floats=True, evaluate=simplify_expression)
