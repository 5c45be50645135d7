import random


def generate(data):
    outer = random.choice(["sin", "cos"])
    k = random.randint(2, 6)
    c = random.randint(1, 9)
    inner = f"({k}*x^2 + {c})"

    data["params"]["outer"] = outer
    data["params"]["k"] = k
    data["params"]["c"] = c
    if outer == "sin":
        data["correct_answers"]["dgdx"] = f"{2 * k}*x*cos{inner}"
    else:
        data["correct_answers"]["dgdx"] = f"-{2 * k}*x*sin{inner}"
