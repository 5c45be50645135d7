def sum_of_squares(n):
    return n * (n + 1) * (2 * n + 1) // 6
