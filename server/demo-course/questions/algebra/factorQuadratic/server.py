import random


def signed(n):
    return f"+ {n}" if n >= 0 else f"- {-n}"


def generate(data):
    r1, r2 = random.sample([-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6], 2)
    p = -(r1 + r2)
    q = r1 * r2

    if p == 0:
        middle = ""
    elif abs(p) == 1:
        middle = " + x" if p > 0 else " - x"
    else:
        middle = f" {signed(p)}x"
    data["params"]["poly"] = f"x^2{middle} {signed(q)}"
    data["correct_answers"]["factored"] = f"(x {signed(-r1)})*(x {signed(-r2)})"


def grade(data):
    # An expanded answer is equal to the polynomial, but it is not what was asked for.
    raw = data["raw_submitted_answers"].get("factored", "")
    if data["partial_scores"].get("factored", {}).get("score") == 1 and raw.count("(") < 2:
        data["partial_scores"]["factored"]["score"] = 0.5
        data["feedback"]["factored"] = "Your expression is correct but not factored."
        data["score"] = 0.5
