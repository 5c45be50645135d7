"""Records what PrairieLearn's own elements give for fixed cases, as fixtures for
test/lib/runtime/upstreamFixtures.test.ts (which then needs no checkout).

Usage: PYTHONHASHSEED=0 python3 record_fixtures.py <prairielearn-checkout> <our server/python> <out.json> [choice|inputs|files|order|more]

Each case is one element's HTML (with, for elements that read them from server.py, the correct answers given
before prepare) and a seed. For each: prepare (params, correct answers), then
test() of each type on PrairieLearn's params, then parse + grade of each test answer. Every phase
seeds `random` with the case's seed first, as one call unit does.
"""

import json
import os
import random
import subprocess
import sys
import uuid

CHECKOUT = os.path.abspath(sys.argv[1])
CASE_SET = sys.argv[4] if len(sys.argv) > 4 else "choice"
sys.argv = [sys.argv[0], CHECKOUT, sys.argv[2], sys.argv[3]]
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pl_unit  # noqa: E402  (sets up the checkout's paths and shims)

MC_ANSWERS = ('<pl-answer correct="true">Right</pl-answer><pl-answer>Wrong 1</pl-answer>'
              '<pl-answer feedback="Close!" score="0.5">Half</pl-answer><pl-answer>Wrong 2</pl-answer>'
              '<pl-answer>Wrong 3</pl-answer><pl-answer feedback="No.">Wrong 4</pl-answer>')
MC_MANY = ('<pl-answer correct="true">A</pl-answer><pl-answer correct="true">B</pl-answer><pl-answer correct="true">C</pl-answer>'
           '<pl-answer>D</pl-answer><pl-answer>E</pl-answer><pl-answer>F</pl-answer>')
CB_ANSWERS = ('<pl-answer correct="true">A</pl-answer><pl-answer correct="true" feedback="yes">B</pl-answer>'
              '<pl-answer correct="true">C</pl-answer><pl-answer>D</pl-answer><pl-answer feedback="no">E</pl-answer>'
              '<pl-answer>F</pl-answer><pl-answer>G</pl-answer>')
MATCH = ('<pl-statement match="1">one</pl-statement><pl-statement match="2">two</pl-statement>'
         '<pl-statement match="3">three</pl-statement><pl-statement match="4">four</pl-statement>'
         '<pl-option name="1">I</pl-option><pl-option name="2">II</pl-option><pl-option name="3">III</pl-option>'
         '<pl-option name="4">IV</pl-option><pl-option name="5">V</pl-option><pl-option name="6">VI</pl-option>')

CHOICE_CASES = {
    "pl-multiple-choice": [
        f'<pl-multiple-choice answers-name="q">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" number-answers="3">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" order="fixed" number-answers="4">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" order="descend">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" all-of-the-above="random" none-of-the-above="random">{MC_MANY}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" all-of-the-above="correct" number-answers="3">{MC_MANY}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" none-of-the-above="correct" display="inline">{MC_MANY}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" none-of-the-above="true">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" display="dropdown" allow-blank="true">{MC_ANSWERS}</pl-multiple-choice>',
        f'<pl-multiple-choice answers-name="q" builtin-grading="false">{MC_ANSWERS}</pl-multiple-choice>',
        '<pl-multiple-choice answers-name="q"><pl-answer correct="true">  <b>x</b> </pl-answer><pl-answer>y</pl-answer></pl-multiple-choice>',
    ],
    "pl-checkbox": [
        f'<pl-checkbox answers-name="q">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" number-answers="4" partial-credit="net-correct">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" number-answers="20" partial-credit="each-answer">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" min-correct="2" max-correct="3" number-answers="5" partial-credit="coverage">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" max-correct="2" order="fixed" partial-credit="true" partial-credit-method="COV">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" min-select="2" max-select="4" allow-blank="true">{CB_ANSWERS}</pl-checkbox>',
        f'<pl-checkbox answers-name="q" detailed-help-text="true" min-correct="2" max-correct="3">{CB_ANSWERS}</pl-checkbox>',
        '<pl-checkbox answers-name="q"><pl-answer correct="true">only</pl-answer><pl-answer>not</pl-answer></pl-checkbox>',
    ],
    "pl-matching": [
        f'<pl-matching answers-name="q">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" fixed-order="true">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" number-statements="2" number-options="3">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" number-statements="3" fixed-order="true" fixed-options-order="true" number-options="2">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" number-options="5" partial-credit="false">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" number-options="9" none-of-the-above="true">{MATCH}</pl-matching>',
        f'<pl-matching answers-name="q" number-options="6" fixed-options-order="true" allow-blank="true">{MATCH}</pl-matching>',
    ],
}
MATRIX = {"_type": "ndarray", "_value": [[1.5, -2.0, 3.25], [0.0, 10.0, -7.5]], "_dtype": "float64"}
INT_MATRIX = [[1, 2], [3, 4]]
INPUT_CASES = {
    "pl-integer-input": [
        '<pl-integer-input answers-name="q" correct-answer="42"></pl-integer-input>',
        '<pl-integer-input answers-name="q" correct-answer="1f" base="16"></pl-integer-input>',
        '<pl-integer-input answers-name="q" correct-answer="-26" base="0"></pl-integer-input>',
        '<pl-integer-input answers-name="q" correct-answer="zz" base="36"></pl-integer-input>',
        '<pl-integer-input answers-name="q" correct-answer="101" base="2" weight="2"></pl-integer-input>',
        '<pl-integer-input answers-name="q" correct-answer="" allow-blank="true" blank-value=""></pl-integer-input>',
    ],
    "pl-string-input": [
        '<pl-string-input answers-name="q" correct-answer="hello"></pl-string-input>',
        '<pl-string-input answers-name="q" correct-answer="Hello World" ignore-case="true" remove-spaces="true"></pl-string-input>',
        '<pl-string-input answers-name="q" correct-answer="yes" allow-blank="true"></pl-string-input>',
        '<pl-string-input answers-name="q" correct-answer="a+b" correct-answer-format="regex"></pl-string-input>',
    ],
    "pl-symbolic-input": [
        '<pl-symbolic-input answers-name="q" variables="x" correct-answer="x^2 + 2x"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="x, y" correct-answer="sin(x)*y + e"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="z" allow-complex="true" correct-answer="z + 2i"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="z" allow-complex="true" imaginary-unit-for-display="j" correct-answer="3j*z"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="x" allow-trig-functions="false" correct-answer="x/2 - 1"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="x" display-simplified-expression="false" correct-answer="sin(atan(x))"></pl-symbolic-input>',
        '<pl-symbolic-input answers-name="q" variables="x, y" display-simplified-expression="false" correct-answer="exp(x) - x/2/y + 0"></pl-symbolic-input>',
    ],
    "pl-big-o-input": [
        '<pl-big-o-input answers-name="q" variable="n" correct-answer="n^2"></pl-big-o-input>',
        '<pl-big-o-input answers-name="q" variable="n" type="theta" correct-answer="n*log(n)"></pl-big-o-input>',
        '<pl-big-o-input answers-name="q" variable="n" type="omega" correct-answer="2^n"></pl-big-o-input>',
        '<pl-big-o-input answers-name="q" variables="m, n" type="little-o" correct-answer="m*n" weight="3"></pl-big-o-input>',
    ],
    "pl-matrix-input": [
        ('<pl-matrix-input answers-name="A"></pl-matrix-input>', {"A": MATRIX}),
        ('<pl-matrix-input answers-name="A" comparison="sigfig" digits="3"></pl-matrix-input>', {"A": INT_MATRIX}),
        ('<pl-matrix-input answers-name="A" weight="2"></pl-matrix-input>', {"A": [[0.1], [2.5], [-1e-3]]}),
    ],
    "pl-matrix-component-input": [
        ('<pl-matrix-component-input answers-name="M"></pl-matrix-component-input>', {"M": MATRIX}),
        ('<pl-matrix-component-input answers-name="M" allow-partial-credit="true"></pl-matrix-component-input>', {"M": INT_MATRIX}),
        ('<pl-matrix-component-input answers-name="M" comparison="decdig" digits="1"></pl-matrix-component-input>', {"M": [[0.5, 1.25]]}),
    ],
    "pl-file-upload": [
        '<pl-file-upload file-names="main.py, notes.txt"></pl-file-upload>',
        '<pl-file-upload file-names="a\\,b.txt, c.txt" optional-file-names="d.txt, e.txt"></pl-file-upload>',
        '<pl-file-upload file-patterns="*.c, *.c, data[0-9].csv" optional-file-patterns="*.h, notes[0-9].txt"></pl-file-upload>',
        '<pl-file-upload optional-file-names="x.txt, y.txt, z.txt"></pl-file-upload>',
        '<pl-file-upload optional-file-patterns="[!a]*.md"></pl-file-upload>',
    ],
    "pl-units-input": [
        '<pl-units-input answers-name="q" correct-answer="1.5 m"></pl-units-input>',
        '<pl-units-input answers-name="q" correct-answer="3 m/s" grading-mode="exact-units" magnitude-partial-credit="0.5"></pl-units-input>',
        '<pl-units-input answers-name="q" correct-answer="2 N" grading-mode="only-units"></pl-units-input>',
        '<pl-units-input answers-name="q" correct-answer="2 kg" allow-feedback="false" comparison="sigfig" digits="3" grading-mode="exact-units"></pl-units-input>',
        '<pl-units-input answers-name="q" correct-answer="" allow-blank="true" blank-value=""></pl-units-input>',
        '<pl-units-input answers-name="q" correct-answer="" allow-blank="true" blank-value="" atol="1 cm"></pl-units-input>',
    ],
    "pl-file-editor": [
        '<pl-file-editor file-name="main.py"></pl-file-editor>',
        '<pl-file-editor file-name="notes.md" allow-blank="true"></pl-file-editor>',
    ],
}
FILE_CASES = {
    "pl-rich-text-editor": [
        '<pl-rich-text-editor></pl-rich-text-editor>',
        '<pl-rich-text-editor file-name="essay.html" min-word-count="4" max-word-count="6"></pl-rich-text-editor>',
        '<pl-rich-text-editor file-name="notes.html" allow-blank="true" counter="character"></pl-rich-text-editor>',
        '<pl-rich-text-editor min-word-count="3" counter="character"></pl-rich-text-editor>',
    ],
    "pl-image-capture": [
        '<pl-image-capture file-name="work.jpg"></pl-image-capture>',
        '<pl-image-capture file-name="extra.jpeg" allow-blank="true" manual-upload-enabled="true"></pl-image-capture>',
    ],
}
CODE = ('<pl-answer>def f(x):</pl-answer><pl-answer>y = x * 2</pl-answer><pl-answer>return y</pl-answer>'
        '<pl-answer correct="false">return x</pl-answer><pl-answer correct="false">y = x + 2</pl-answer>')
INDENTED = ('<pl-answer indent="0">def f(x):</pl-answer><pl-answer indent="1">if x:</pl-answer>'
            '<pl-answer indent="2">return 1</pl-answer><pl-answer indent="1">return 0</pl-answer>'
            '<pl-answer correct="false">return</pl-answer>')
DAG = ('<pl-answer tag="a">a = 1</pl-answer><pl-answer tag="b">b = 2</pl-answer>'
       '<pl-answer tag="c" depends="a,b" ordering-feedback="c needs a and b">c = a + b</pl-answer>'
       '<pl-answer tag="d" depends="c">print(c)</pl-answer>'
       '<pl-answer correct="false" distractor-for="c" distractor-feedback="a - b is not the sum">c = a - b</pl-answer>'
       '<pl-answer correct="false">print(a)</pl-answer>')
GROUPS = ('<pl-answer tag="s">start</pl-answer>'
          '<pl-block-group tag="g1" depends="s"><pl-answer tag="x1">x one</pl-answer><pl-answer tag="x2" depends="x1">x two</pl-answer></pl-block-group>'
          '<pl-block-group tag="g2" depends="s"><pl-answer tag="y1">y one</pl-answer><pl-answer tag="y2">y two</pl-answer></pl-block-group>'
          '<pl-answer tag="e" depends="g1,g2">end</pl-answer><pl-answer correct="false">stray</pl-answer>')
OPTIONAL = ('<pl-answer tag="1">Let n be even.</pl-answer><pl-answer tag="2" depends="1">So n = 2k.</pl-answer>'
            '<pl-answer tag="3" depends="1">n is divisible by 2.</pl-answer>'
            '<pl-answer tag="4" depends="2|3" final="true">Hence the claim.</pl-answer>'
            '<pl-answer correct="false">So n = 2k + 1.</pl-answer>')
RANKED = ('<pl-answer ranking="1">one</pl-answer><pl-answer ranking="2">two a</pl-answer><pl-answer ranking="2">two b</pl-answer>'
          '<pl-answer ranking="3">three</pl-answer><pl-answer correct="false">zero</pl-answer>')
ORDER_CASES = {
    "pl-order-blocks": [
        f'<pl-order-blocks answers-name="p">{CODE}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" source-blocks-order="random" partial-credit="lcs" min-incorrect="1" max-incorrect="2">{CODE}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="unordered" source-blocks-order="ordered" max-incorrect="1" min-incorrect="0">{CODE}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" indentation="true" source-blocks-order="random" weight="2">{INDENTED}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="ranking" feedback="first-wrong" source-blocks-order="random">{RANKED}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="dag" feedback="first-wrong-verbose" source-blocks-order="random-sections">{DAG}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="dag" distractor-order="random" partial-credit="none">{DAG}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="dag" feedback="first-wrong" source-blocks-order="random">{GROUPS}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" grading-method="dag" source-blocks-order="random">{OPTIONAL}</pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" format="code" code-language="python" allow-blank="true">{CODE}</pl-order-blocks>',
        '<pl-order-blocks answers-name="p" grading-method="external" file-name="prog.py"><pl-answer>def g():</pl-answer>'
        '<pl-answer initially-placed="true">pass</pl-answer></pl-order-blocks>',
        f'<pl-order-blocks answers-name="p" max-incorrect="1">{CODE}</pl-order-blocks>',
    ],
}
DROPDOWN = '<pl-answer correct="true">red</pl-answer><pl-answer>green</pl-answer><pl-answer>blue</pl-answer><pl-answer>cyan</pl-answer>'
MORE_CASES = {
    "pl-dropdown": [
        f'<pl-dropdown answers-name="q">{DROPDOWN}</pl-dropdown>',
        f'<pl-dropdown answers-name="q" sort="descend" weight="2">{DROPDOWN}</pl-dropdown>',
        f'<pl-dropdown answers-name="q" sort="fixed" blank="false">{DROPDOWN}</pl-dropdown>',
        f'<pl-dropdown answers-name="q" allow-blank="true">{DROPDOWN}</pl-dropdown>',
    ],
    "pl-number-input": [
        '<pl-number-input answers-name="q" correct-answer="3.14159"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="2.5" comparison="sigfig" digits="2"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="0.125" comparison="decdig" digits="3" weight="2"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="1e6" rtol="0.001" atol="1"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="3+4j" allow-complex="true"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="0.5" allow-fractions="false" custom-format=".3f"></pl-number-input>',
        '<pl-number-input answers-name="q" correct-answer="" allow-blank="true" blank-value=""></pl-number-input>',
    ],
}
CASES = {"choice": CHOICE_CASES, "inputs": INPUT_CASES, "files": FILE_CASES, "order": ORDER_CASES, "more": MORE_CASES}[CASE_SET]
SEEDS = [1, 7, 42, 1234567]
COURSE = "/nonexistent-course"


def base(seed, given=None):
    return {"params": {}, "correct_answers": json.loads(json.dumps(given or {})), "variant_seed": seed, "preferences": {},
            "options": {"question_path": "/nonexistent", "server_files_course_path": "/nonexistent"}}


def counted_uuids(start):
    """uuid4 made deterministic for a recording (PrairieLearn's draws it from os.urandom): the same
    sequence on both sides, so block uuids and tags recorded here replay; get_uuid's first letter still
    comes from `random`. replayElementCases.py does the same."""
    counter = iter(range(start, start + 100000))
    return lambda: uuid.UUID(int=next(counter))


def phase(name, html, data, seed):
    random.seed(seed)
    uuid.uuid4 = counted_uuids(seed)
    pl_unit.np.random.seed(seed)
    context = {"html": html, "elements": pl_unit.element_map_of(COURSE), "element_extensions": {}, "course_path": COURSE}
    pl_unit.question_phases.process(name, data, context)
    return data


def run_case(case, seed):
    html, given = case if isinstance(case, tuple) else (case, None)
    out = {"html": html, "seed": seed, **({"given": given} if given else {})}
    try:
        prepared = phase("prepare", html, {**base(seed, given), "answers_names": {}}, seed)
    except Exception as err:  # noqa: BLE001 - a case PrairieLearn rejects is recorded as such
        return {**out, "prepareError": f"{type(err).__name__}: {err}"}
    out["params"], out["correct_answers"] = prepared["params"], prepared["correct_answers"]
    out["tests"] = {}
    for kind in ("correct", "incorrect", "invalid"):
        data = {**base(seed), "params": out["params"], "correct_answers": out["correct_answers"], "format_errors": {},
                "partial_scores": {}, "score": 0, "feedback": {}, "raw_submitted_answers": {}, "gradable": True, "test_type": kind}
        tested = phase("test", html, json.loads(json.dumps(data)), seed)
        raw = tested["raw_submitted_answers"]
        parse = {**base(seed), "params": out["params"], "correct_answers": out["correct_answers"], "submitted_answers": dict(raw),
                 "raw_submitted_answers": dict(raw), "format_errors": {}, "feedback": {}, "gradable": True}
        parsed = phase("parse", html, json.loads(json.dumps(parse)), seed)
        entry = {"raw": raw, "test_partial_scores": tested["partial_scores"], "test_format_errors": tested["format_errors"],
                 "format_errors": parsed["format_errors"], "submitted_answers": parsed["submitted_answers"]}
        if not parsed["format_errors"]:
            grade = {**base(seed), "params": parsed["params"], "correct_answers": parsed["correct_answers"],
                     "submitted_answers": parsed["submitted_answers"], "raw_submitted_answers": dict(raw),
                     "format_errors": {}, "partial_scores": {}, "score": 0, "feedback": parsed["feedback"], "gradable": True}
            graded = phase("grade", html, json.loads(json.dumps(grade)), seed)
            entry["partial_scores"] = graded["partial_scores"]
            entry["feedback"] = graded["feedback"]
        out["tests"][kind] = entry
    return out


def main():
    commit = subprocess.run(["git", "-C", CHECKOUT, "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    result = {"prairielearnCommit": commit or os.environ.get("PL_COMMIT", "unknown"), "pythonHashSeed": os.environ.get("PYTHONHASHSEED"), "elements": {}}
    for element, cases in CASES.items():
        result["elements"][element] = [run_case(case, seed) for case in cases for seed in SEEDS]
    with open(sys.argv[3], "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
