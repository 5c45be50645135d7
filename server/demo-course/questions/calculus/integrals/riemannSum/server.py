import random


def generate(data):
    k = random.randint(1, 5)
    length = random.choice([2, 3, 4])
    n = random.choice([4, 5, 6, 8])
    width = length / n

    left_sum = sum(((i * width) ** 2 + k) * width for i in range(n))

    data["params"]["k"] = k
    data["params"]["length"] = length
    data["params"]["n"] = n
    data["correct_answers"]["leftSum"] = round(left_sum, 6)
