"""pythongrader.execution.seed_all: the reference and the student's code start from one seed, Faker's
shared generator included when the test file uses Faker (Faker.seed exists since Faker 4; an older
Faker, as Debian 12 ships, has none and draws from `random`, so seeding must not fail on it)."""

import random
import sys
import types

from pythongrader.execution import seed_all


def with_faker(module, run):
    saved = sys.modules.get("faker")
    sys.modules["faker"] = module
    try:
        run()
    finally:
        if saved is None:
            sys.modules.pop("faker", None)
        else:
            sys.modules["faker"] = saved


def test_faker_with_a_seed_method_gets_the_seed():
    seen = []

    class Faker:
        @classmethod
        def seed(cls, value):
            seen.append(value)

    with_faker(types.SimpleNamespace(Faker=Faker), lambda: seed_all(42))
    assert seen == [42]


def test_an_old_faker_without_seed_is_left_to_random():
    def create():  # Faker 0.9's Faker is Factory.create, a function
        return None

    with_faker(types.SimpleNamespace(Faker=create), lambda: seed_all(7))
    first = random.random()
    seed_all(7)
    assert random.random() == first
