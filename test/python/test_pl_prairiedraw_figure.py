"""pl-prairiedraw-figure against PrairieLearn's own: fixtures/pl_prairiedraw_figure_upstream.json was
recorded with test/upstream/record_prairiedraw.py from PrairieLearn's apps/prairielearn/elements/
pl-prairiedraw-figure at commit 88fb8556a7a1768e2082736be9095241b11238d7. On the same cases ours must raise
the same errors and name, in its note, exactly the params PrairieLearn hands the figure's script."""

import html
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


def listed_params(text):
    """The params our note names: <li><code>name</code> = <code>JSON</code></li>."""
    pairs = re.findall(r"<li><code>(.*?)</code> = <code>(.*?)</code></li>", text)
    return {html.unescape(k): json.loads(html.unescape(v)) for k, v in pairs}


def test_fixture_is_from_the_cited_commit():
    assert FIXTURE["prairielearnCommit"] == "88fb8556a7a1768e2082736be9095241b11238d7"


@pytest.mark.parametrize("case", FIXTURE["prepare"], ids=lambda c: c["html"])
def test_prepare(case):
    assert cases.outcome(lambda: controller.prepare(case["html"], {})) == case["result"]


@pytest.mark.parametrize("case", FIXTURE["render"], ids=lambda c: c["html"])
def test_render(case):
    data = {"params": dict(cases.PARAMS), "options": {"question_path": cases.FOLDER}}
    assert cases.outcome(lambda: listed_params(controller.render(case["html"], data))) == case["result"]
