"""Grading a pl-sketch submission as PrairieLearn does: criteria grouped by stage, a stage's points
counting only while every criterion of the earlier stages (other than stage 0) passed; and test()'s
made-up submissions (the solution, or the solution reversed and shifted)."""

import copy

from sketch_criteria import grade_criterion


def grade_with_stages(params: dict, gradeable: dict, weight: int) -> dict:
    graders = sorted(params["graders"], key=lambda g: g["stage"])
    if not graders:
        return {"score": 1, "weight": weight, "feedback": [{"correct": True, "feedback_text": "Correct!"}]}
    stages: dict[int, list] = {}
    for g in graders:
        stages.setdefault(g["stage"], []).append(g)
    debug = any(g["debug"] for g in graders)
    scores, weights, failed_feedback = [], [], []
    earlier_passed = True
    for stage, members in stages.items():
        counts = earlier_passed
        for g in members:
            score, w, feedback = grade_criterion(g, gradeable, params["config"])
            weights.append(w)
            if score == 1:
                scores.append(1 if counts else 0)
            else:
                scores.append(0)
                failed_feedback.append(feedback)
                if stage != 0:
                    earlier_passed = False
    total = sum(weights)
    if total == 0:
        raise ValueError("Total weight of all grading criteria cannot be zero.")
    score = round(sum(s * w / total for s, w in zip(scores, weights)), 2)
    if not failed_feedback:
        out = [{"correct": True, "feedback_text": "Correct!"}]
    elif not debug:
        out = [{"correct": False, "feedback_text": f[0]} for f in failed_feedback if f[0] != ""]
    else:
        out = [{"correct": False, "feedback_text": f[0], "debug_mode": len(f) > 1,
                "debug": [{"message": m} for m in f[1:]]} for f in failed_feedback if f[0] != ""]
    return {"score": score, "weight": weight, "feedback": out}


def solution_to_gradeable(solution_state: dict, tools: dict, config: dict) -> dict:
    """The solution drawings as the page would submit them (straight pieces between their points)."""
    width, height = config["width"], config["height"]
    out: dict = {}
    for tool_id, drawings in solution_state.items():
        name = tools[tool_id]["name"]
        if name == "point":
            out[tool_id] = [{"point": [d["x"], d["y"]]} for d in drawings]
        elif name in ("spline", "freeform", "polyline", "line-segment"):
            # A line tool's drawings are a flat list of ends, two per line.
            curves = [drawings[i:i + 2] for i in range(0, len(drawings) - 1, 2)] if name == "line-segment" else drawings
            out[tool_id] = [{"spline": _thirds([[p["x"], p["y"]] for p in curve])} for curve in curves]
        elif name == "horizontal-line":
            out[tool_id] = [{"spline": [[0, d["y"]], [width / 3, d["y"]], [2 * width / 3, d["y"]], [width, d["y"]]]}
                            for d in drawings]
        elif name == "vertical-line":
            out[tool_id] = [{"spline": [[d["x"], 0], [d["x"], height / 3], [d["x"], 2 * height / 3], [d["x"], height]]}
                            for d in drawings]
    for tool_id in tools:
        out.setdefault(tool_id, [])
    return out


def _thirds(points: list) -> list:
    out = []
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        out += [[ax, ay], [ax + (bx - ax) / 3, ay + (by - ay) / 3], [ax + 2 * (bx - ax) / 3, ay + 2 * (by - ay) / 3]]
    return out + [list(points[-1])]


def shifted_and_reversed(gradeable: dict, offset: float = 200) -> dict:
    """An answer meant to fail: each curve reversed (breaks shape criteria), everything 200 px lower."""
    out = copy.deepcopy(gradeable)
    for items in out.values():
        for item in items:
            if "spline" in item:
                item["spline"] = [[x, y + offset] for x, y in reversed(item["spline"])]
            if "point" in item:
                item["point"] = [item["point"][0], item["point"][1] + offset]
    return out
