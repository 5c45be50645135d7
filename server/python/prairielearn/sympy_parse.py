"""A safe parser for student math: tokens -> implicit multiplication -> Python AST -> checked walk.

Nothing is passed to eval(): the AST is interpreted node by node, and only numbers, known
names and whitelisted functions build sympy objects.
"""

import ast
import io
import tokenize
from typing import Any

import sympy

from .sympy_sets import SetNotationSyntaxError, has_interval, rewrite_set_notation

__all__ = ["BaseSympyError", "parse_math"]


class BaseSympyError(Exception):
    """A student-facing parse failure; `offset` (0-based) points into the submitted text when known,
    `name` is the symbol or function the message is about (to point at it)."""

    def __init__(self, message: str, offset: int | None = None, name: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.name = name


def _trig_functions() -> dict[str, Any]:
    f: dict[str, Any] = {
        "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "sec": sympy.sec, "cot": sympy.cot, "csc": sympy.csc,
        "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh, "sech": sympy.sech, "coth": sympy.coth,
        "csch": sympy.csch, "atan2": sympy.atan2, "arctan2": sympy.atan2,
    }
    for name in ("sin", "cos", "tan", "sec", "cot", "csc", "sinh", "cosh", "tanh", "sech", "coth", "csch"):
        inverse = getattr(sympy, "a" + name)
        f["a" + name] = _unary(inverse)
        f["arc" + name] = _unary(inverse)
    return {k: (v if k in ("atan2", "arctan2") else _unary(v)) for k, v in f.items()}


def _unary(fn: Any) -> Any:
    """sympy functions such as sqrt take optional extra arguments that students must not reach."""

    def call(x: Any, **unevaluated: bool) -> Any:
        return fn(x, **unevaluated)

    return call


BASE_FUNCTIONS: dict[str, Any] = {
    "exp": _unary(sympy.exp), "log": sympy.log, "ln": sympy.log, "sqrt": _unary(sympy.sqrt),
    "factorial": _unary(sympy.factorial), "abs": _unary(sympy.Abs), "Abs": _unary(sympy.Abs),
    "sgn": _unary(sympy.sign), "sign": _unary(sympy.sign),
    "max": sympy.Max, "Max": sympy.Max, "min": sympy.Min, "Min": sympy.Min,
}
TRIG_FUNCTIONS = _trig_functions()
ARITY = {name: 1 for name in list(BASE_FUNCTIONS) + list(TRIG_FUNCTIONS)}
ARITY.update({"log": "1 or 2", "ln": "1 or 2", "max": "at least 1", "Max": "at least 1", "min": "at least 1", "Min": "at least 1", "atan2": 2, "arctan2": 2})
SET_FUNCTIONS: dict[str, Any] = {
    "Interval": sympy.Interval, "FiniteSet": sympy.FiniteSet, "Union": sympy.Union, "Intersection": sympy.Intersection,
}
# PrairieLearn evaluates an answer with all of sympy in scope, so a bare name of one of sympy's own
# values is that value. These are how sympy prints infinities, constants and sets, so test() answers
# (str() of the correct answer) use them: `Interval(1/2, oo)`, `FiniteSet(EmptySet)`.
SYMPY_CONSTANTS: dict[str, Any] = {
    "oo": sympy.oo, "zoo": sympy.zoo, "nan": sympy.nan, "Catalan": sympy.Catalan, "EulerGamma": sympy.EulerGamma,
    "GoldenRatio": sympy.GoldenRatio, "TribonacciConstant": sympy.TribonacciConstant, "true": sympy.true, "false": sympy.false,
}
SET_CONSTANTS: dict[str, Any] = {
    "EmptySet": sympy.EmptySet, "UniversalSet": sympy.UniversalSet, "Reals": sympy.Reals, "Integers": sympy.Integers,
    "Naturals": sympy.Naturals, "Naturals0": sympy.Naturals0, "Complexes": sympy.Complexes, "Rationals": sympy.Rationals,
}
SET_NOT_ALLOWED = "Your answer contains set notation, but set notation is not allowed for this question."


def _preprocess(text: str) -> str:
    if "\\" in text:
        raise BaseSympyError('Your answer must not contain the character "\\".', text.index("\\"))
    if "#" in text:
        raise BaseSympyError('Your answer must not contain the character "#".', text.index("#"))
    text = text.replace("\u2212", "-").replace("\u00d7", "*").replace("\u22c5", "*").replace("\u00b7", "*")
    text = text.replace("\u00f7", "/").replace("\u03c0", "pi").replace("\u221e", "infty")
    return text.replace("^", "**")


SYNTAX_ERROR = (
    "Your answer has a syntax error. "
    "This issue might be caused by mismatched parentheses or some other misplaced symbol."
)
SET_NOTATION_NOT_ALLOWED = "Your answer contains set notation, but set notation is not allowed for this question."


def _tokens(text: str, allow_sets: bool) -> list[tuple[int, str, int]]:
    """(type, text, column) tokens; with allow_sets, set notation rewritten into calls (sympy_sets.py)."""
    try:
        toks = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        raise BaseSympyError(SYNTAX_ERROR) from None
    skipped = (tokenize.NEWLINE, tokenize.NL, tokenize.ENDMARKER, tokenize.INDENT, tokenize.DEDENT)
    tokens = [(t.type, t.string, t.start[1]) for t in toks if t.type not in skipped]
    try:
        if allow_sets:
            return rewrite_set_notation(tokens)
        if has_interval(tokens):
            raise BaseSympyError(SET_NOTATION_NOT_ALLOWED)
    except SetNotationSyntaxError:
        raise BaseSympyError(SYNTAX_ERROR) from None
    return tokens


def _implicit_source(text: str, names: set[str], allow_sets: bool = False) -> str:
    """Source text with '*' inserted where multiplication is implied (2x, x y, (a)(b), 2(x), x(y) for non-functions)."""
    out: list[str] = []
    prev: tuple[int, str] | None = None
    for tok_type, tok_string, tok_col in _tokens(text, allow_sets):
        if tok_string == "!":
            # Postfix factorial, as sympy's factorial_notation transformation (part of the
            # standard transformations upstream parses with) reads it: n! -> factorial(n).
            _wrap_factorial(out)
            prev = (tokenize.OP, ")")
            continue
        if tok_type == tokenize.ERRORTOKEN and tok_string.strip():
            raise BaseSympyError("Your answer has a syntax error.", tok_col)
        if tok_type == tokenize.NUMBER and tok_string[-1] in "jJ" and len(tok_string) > 1:
            # "2j" is 2*j for us: j is the imaginary unit (or a variable), not Python's complex literal.
            pieces = [(tokenize.NUMBER, tok_string[:-1]), (tokenize.NAME, tok_string[-1])]
        else:
            pieces = [(tok_type, tok_string)]
        for kind, s in pieces:
            if prev is not None:
                p_kind, p_s = prev
                left = p_kind in (tokenize.NUMBER, tokenize.NAME) or p_s == ")"
                right = kind in (tokenize.NUMBER, tokenize.NAME) or s == "("
                applying = p_kind == tokenize.NAME and p_s not in names and s == "("
                if left and right and not applying:
                    out.append("*")
            out.append(s)
            prev = (kind, s)
    return " ".join(out)


def _unevaluated_args(node: ast.AST, value: Any, cls: Any) -> list[Any]:
    """sympy's evaluateFalse flattens a nested Add into Add (a - b counts as Add) and a Mul into Mul (a / b counts)."""
    kinds = (ast.Add, ast.Sub) if cls is sympy.Add else (ast.Mult, ast.Div)
    if isinstance(node, ast.BinOp) and isinstance(node.op, kinds):
        return list(value.args)
    return [value]


def unevaluated_binop(node: ast.BinOp, left: Any, right: Any) -> Any:
    """`left op right` built as sympy's evaluateFalse builds it: a - b is Add(a, Mul(-1, b)), a / b is
    Mul(a, Pow(b, -1)), nested sums and products flattened, nothing simplified."""
    if isinstance(node.op, ast.Pow):
        return sympy.Pow(left, right, evaluate=False)
    if isinstance(node.op, ast.Sub):
        right = sympy.Mul(-1, right, evaluate=False)
    elif isinstance(node.op, ast.Div):
        right = sympy.Pow(right, -1, evaluate=False)
    cls = sympy.Add if isinstance(node.op, (ast.Add, ast.Sub)) else sympy.Mul
    args = _unevaluated_args(node.left, left, cls)
    # The rewritten right operand (Mul(-1, b), Pow(b, -1)) is never flattened; a plain one is.
    args += _unevaluated_args(node.right, right, cls) if isinstance(node.op, (ast.Add, ast.Mult)) else [right]
    return cls(*args, evaluate=False)


def _wrap_factorial(out: list[str]) -> None:
    """Wraps the operand that ends `out` (a name, a number, or a parenthesized group together with
    the function name before it) in factorial(...)."""
    if not out or out[-1] in ("(", "*", "+", "-", "/", "**", ","):
        raise BaseSympyError("Your answer has a syntax error.")
    start = len(out) - 1
    if out[-1] == ")":
        depth = 0
        for i in range(len(out) - 1, -1, -1):
            depth += {")": 1, "(": -1}.get(out[i], 0)
            if depth == 0:
                start = i
                break
        if start > 0 and out[start - 1].isidentifier():
            start -= 1
    out[start:] = ["factorial", "(", *out[start:], ")"]


# Without simplification PrairieLearn parses as sympy's evaluateFalse rewrites the code: calls to
# these names (as written) get evaluate=False; every other call is evaluated.
UNEVALUATED_CALLS = frozenset((
    "Abs", "im", "re", "sign", "arg", "conjugate", "acos", "acot", "acsc", "asec", "asin", "atan",
    "acosh", "acoth", "acsch", "asech", "asinh", "atanh", "cos", "cot", "csc", "sec", "sin", "tan",
    "cosh", "coth", "csch", "sech", "sinh", "tanh", "exp", "ln", "log", "sqrt", "cbrt",
))


class _Walker:
    def __init__(self, names: dict[str, Any], functions: dict[str, Any], allow_floats: bool, evaluate: bool = True) -> None:
        self.names = names
        self.functions = functions
        self.allow_floats = allow_floats
        self.sets = "Interval" in functions
        self.evaluate = evaluate

    def walk(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Expression):
            return self.walk(node.body)
        if isinstance(node, ast.BinOp):
            left, right = self.walk(node.left), self.walk(node.right)
            ops = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__", ast.Div: "__truediv__", ast.Pow: "__pow__"}
            if self.sets and isinstance(node.op, (ast.BitOr, ast.BitAnd)):
                # Union / intersection (`U`, `cap` in set notation), of sets only.
                if not (isinstance(left, sympy.Set) and isinstance(right, sympy.Set)):
                    raise BaseSympyError("Your answer provides the wrong types to an operation.")
                return sympy.Union(left, right) if isinstance(node.op, ast.BitOr) else sympy.Intersection(left, right)
            op = ops.get(type(node.op))
            if op is None:
                raise BaseSympyError("Your answer has an invalid expression.")
            if not (isinstance(left, sympy.Basic) and isinstance(right, sympy.Basic)):
                raise BaseSympyError("Your answer provides the wrong types to an operation.")
            if op == "__pow__" and isinstance(right, sympy.Integer) and abs(right) > 10000 and left.is_Number:
                raise BaseSympyError("Your answer has an invalid expression.")  # would build a huge integer
            try:
                result = getattr(left, op)(right) if self.evaluate else unevaluated_binop(node, left, right)
            except TypeError:
                raise BaseSympyError("Your answer provides the wrong types to an operation.") from None
            if result is NotImplemented:
                raise BaseSympyError("Your answer provides the wrong types to an operation.")
            return result
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            operand = self.walk(node.operand)
            if not isinstance(operand, sympy.Expr):
                raise BaseSympyError("Your answer provides the wrong types to an operation.")
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) and self.sets:
                return node.value  # an interval's open/closed flags (sympy_sets.py writes them)
            if isinstance(node.value, bool) and node.value is True and "True" in self.names:
                return self.names["True"]
            if isinstance(node.value, bool) and node.value is False and "False" in self.names:
                return self.names["False"]
            if isinstance(node.value, bool) or not isinstance(node.value, (int, float)):
                raise BaseSympyError("Your answer has an invalid expression.")
            if isinstance(node.value, float):
                if not self.allow_floats:
                    raise BaseSympyError(
                        f"Your answer contains the floating-point number {node.value}. "
                        "All numbers must be expressed as integers (or ratios of integers)."
                    )
                return sympy.Float(node.value)
            return sympy.Integer(node.value)
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            if node.id in self.functions:
                raise BaseSympyError(f'Your answer mentions the function "{node.id}" without applying it to anything.', name=node.id)
            if node.id in SET_CONSTANTS:
                raise BaseSympyError(SET_NOT_ALLOWED)
            raise BaseSympyError(f'Your answer refers to an invalid symbol "{node.id}".', name=node.id)
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.keywords:
                raise BaseSympyError("Your answer has an invalid expression.")
            fname = node.func.id
            if fname not in self.functions:
                if fname in SET_FUNCTIONS:
                    raise BaseSympyError(SET_NOT_ALLOWED)
                raise BaseSympyError(f'Your answer calls an invalid function "{fname}".', name=fname)
            args = [self.walk(a) for a in node.args]
            unevaluated = {} if self.evaluate or fname not in UNEVALUATED_CALLS else {"evaluate": False}
            try:
                return self.functions[fname](*args, **unevaluated)
            except TypeError:
                expected = ARITY.get(fname, "a different number")
                raise BaseSympyError(f"Your answer provides the wrong number of arguments to '{fname}', expected {expected}.", name=fname) from None
            except (ValueError, AttributeError):
                raise BaseSympyError(f"Your answer provides the wrong types to {fname}.", name=fname) from None
        if isinstance(node, (ast.Set, ast.Dict)) and not self.sets:
            raise BaseSympyError(SET_NOT_ALLOWED)  # braces are set literals, as PrairieLearn reads them
        if isinstance(node, ast.Tuple) and self.functions.get("FiniteSet") is not None:
            return tuple(self.walk(e) for e in node.elts)
        raise BaseSympyError("Your answer has an invalid expression.", getattr(node, "col_offset", None))


def parse_math(
    text: str, names: dict[str, Any], functions: dict[str, Any], *, allow_floats: bool = False, evaluate: bool = True
) -> Any:
    """Parses `text` with only `names` (symbols/constants) and `functions` available; with evaluate=False the
    arithmetic and the common functions stay as written (sympy's evaluate=False), as PrairieLearn's
    display-simplified-expression="false" parses."""
    source = _implicit_source(_preprocess(text), set(names), "FiniteSet" in functions)
    if source.strip() == "":
        raise BaseSympyError("Your answer has an invalid expression.")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError:
        # Positions in the rewritten source do not map back exactly; point at the end of the answer.
        raise BaseSympyError("Your answer has a syntax error.", len(text.rstrip())) from None
    try:
        return _Walker(names, functions, allow_floats, evaluate).walk(tree)
    except BaseSympyError as e:
        if e.message == "Your answer has an invalid expression.":
            e.offset = 0  # col_offset counts in the rewritten source, so only the start is reliable
        raise
