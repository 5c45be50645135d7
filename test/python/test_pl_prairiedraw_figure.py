"""pl-prairiedraw-figure against PrairieLearn's own: fixtures/pl_prairiedraw_figure_upstream.json was
recorded with test/upstream/record_prairiedraw.py from PrairieLearn's apps/prairielearn/elements/
pl-prairiedraw-figure at commit 88fb8556a7a1768e2082736be9095241b11238d7. On the same cases ours must raise
the same errors and write into the page exactly the params text PrairieLearn writes (the Python text of the
dict, HTML-escaped), so that the figure's script sees the same values; the script itself goes in whole."""

import importlib
import json
import os
import re
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.abspath(os.path.join(HERE, "..", "..", "server", "python", "elements", "pl-prairiedraw-figure")))
sys.path.insert(0, os.path.join(HERE, "..", "upstream"))
controller = importlib.import_module("pl-prairiedraw-figure")
import record_prairiedraw as cases  # noqa: E402

with open(os.path.join(HERE, "fixtures", "pl_prairiedraw_figure_upstream.json"), encoding="utf-8") as f:
    FIXTURE = json.load(f)
cases.write_script(cases.FOLDER)


def params_text(page):
    """The params our page hands the script: the second argument of PLPrairieDrawFigure.add."""
    return re.search(r'PLPrairieDrawFigure\.add\("[^"]*", (.*?), function \(\) \{\n', page, re.S).group(1)


def test_fixture_is_from_the_cited_commit():
    assert FIXTURE["prairielearnCommit"] == "88fb8556a7a1768e2082736be9095241b11238d7"


@pytest.mark.parametrize("case", FIXTURE["prepare"], ids=lambda c: c["html"])
def test_prepare(case):
    assert cases.outcome(lambda: controller.prepare(case["html"], {})) == case["result"]


@pytest.mark.parametrize("case", FIXTURE["render"], ids=lambda c: c["html"])
def test_render(case):
    data = {"params": dict(cases.PARAMS), "options": {"question_path": cases.FOLDER}}
    assert cases.outcome(lambda: params_text(controller.render(case["html"], data))) == case["result"]


def test_the_script_runs_in_the_page_on_its_own_canvas():
    data = {"params": dict(cases.PARAMS), "options": {"question_path": cases.FOLDER}}
    page = controller.render('<pl-prairiedraw-figure script-name="shape.js" width="400" height="250"></pl-prairiedraw-figure>', data)
    canvas_id = re.search(r'<canvas id="(pl-prairiedraw-figure-[0-9a-f-]+)" width="400" height="250"></canvas>', page).group(1)
    assert f'<script>PLPrairieDrawFigure.add("{canvas_id}", {{}}, function () {{\nthis.pd.circle($V([0, 0]), 1);\n\n}});</script>' in page
    assert 'data-script-name="shape.js"' in page and 'data-text-base="plfile:/questionFiles/text/"' in page
