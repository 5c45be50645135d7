import random


def generate(data):
    modulus = random.choice([7, 9, 11, 13])
    base = random.randint(2, modulus - 1)
    exponent = random.randint(20, 60)

    data["params"]["base"] = base
    data["params"]["exponent"] = exponent
    data["params"]["modulus"] = modulus
    data["params"]["largest"] = modulus - 1
    data["correct_answers"]["remainder"] = pow(base, exponent, modulus)
