import math


def round_half_up(n, scale=0):
    m = 10**scale
    return math.floor(n * m + 0.5) / m
