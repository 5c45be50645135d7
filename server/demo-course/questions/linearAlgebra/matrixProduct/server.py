import numpy as np
import prairielearn as pl


def generate(data):
    rng = np.random.default_rng()
    rows, inner, columns = 2, 3, 2
    a = rng.integers(-4, 5, size=(rows, inner))
    b = rng.integers(-4, 5, size=(inner, columns))

    data["params"]["A"] = pl.to_json(a)
    data["params"]["B"] = pl.to_json(b)
    data["params"]["rows"] = rows
    data["params"]["columns"] = columns
    data["correct_answers"]["C"] = pl.to_json(a @ b)
