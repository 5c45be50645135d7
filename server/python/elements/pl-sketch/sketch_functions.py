"""Reference functions an author writes in pl-sketch attributes (function="2**x"): Python arithmetic on
x (or y, for xy-flip criteria: the name is only a label) with a fixed set of math names. Anything else
is refused with PrairieLearn's messages, at prepare time."""

import ast
import math

NAMES = {
    "log": math.log, "sin": math.sin, "cos": math.cos, "tan": math.tan, "e": math.e, "pi": math.pi,
    "sqrt": math.sqrt, "acos": math.acos, "arccos": math.acos, "asin": math.asin, "arcsin": math.asin,
    "atan": math.atan, "arctan": math.atan, "atan2": math.atan2, "arctan2": math.atan2,
    "acosh": math.acosh, "asinh": math.asinh, "atanh": math.atanh, "cosh": math.cosh, "sinh": math.sinh,
    "tanh": math.tanh, "abs": math.fabs, "sign": lambda v: math.fabs(v) / v,
}
NODES = (ast.Expression, ast.Call, ast.BinOp, ast.UnaryOp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow,
         ast.USub, ast.UAdd, ast.Name, ast.Load, ast.Constant)


def parse_function(text: str):
    # Every "y" becomes "x" (PrairieLearn does the same), so "y**2" in an xy-flip criterion is x**2.
    tree = ast.parse(text.replace("y", "x"), mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, NODES):
            raise TypeError("The 'fun' attribute contained an unsupported expression!")
        if isinstance(node, ast.Name) and node.id != "x" and node.id not in NAMES:
            raise ValueError(f"The 'fun' attribute contained an unsupported function or variable name!: {node.id}")
    code = compile(tree, "<function>", "eval")
    return lambda x: eval(code, {"__builtins__": None, **NAMES}, {"x": x})  # noqa: S307 - checked above
