import random


def generate(data):
    a = random.randint(2, 9)
    b = random.randint(2, 9)
    n, m = random.sample(range(2, 8), 2)

    data["params"]["a"] = a
    data["params"]["b"] = b
    data["params"]["n"] = n
    data["params"]["m"] = m
    data["correct_answers"]["dfdx"] = f"{a * n}*x^{n - 1} + {b * m}*x^{m - 1}"
