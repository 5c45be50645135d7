import random

WORDS = ["algorithm", "variable", "function", "iteration", "recursion", "dictionary"]


def generate(data):
    word = random.choice(WORDS)
    start = random.randint(0, 3)
    stop = random.randint(start + 2, len(word) - 1)

    data["params"]["word"] = word
    data["params"]["start"] = start
    data["params"]["stop"] = stop
    data["correct_answers"]["printed"] = word[start:stop].upper()
