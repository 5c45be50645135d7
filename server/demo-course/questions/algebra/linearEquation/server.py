import random


def generate(data):
    # Pick the solution first so that it is always a whole number.
    x = random.randint(-9, 9)
    a = random.choice([2, 3, 4, 5, 6, 7])
    b = random.randint(1, 20)

    data["params"]["a"] = a
    data["params"]["b"] = b
    data["params"]["c"] = a * x + b
    data["correct_answers"]["x"] = x
