import random


def generate(data):
    # Everything the text shows goes in data["params"]; every graded value in data["correct_answers"],
    # keyed by the answers-name of its input element.
    width = random.randint(2, 12)
    height = random.randint(2, 12)

    data["params"]["width"] = width
    data["params"]["height"] = height
    data["correct_answers"]["area"] = width * height
