"""Faker seeded as PrairieLearn's worker seeds it: with the variant seed, when course code first imports
it in a unit (never when it is not used, so a question without Faker pays nothing)."""

import sys
from importlib.abc import MetaPathFinder


def seed_faker(seed):
    """Seeds the random source Faker's generators share. Faker 4+ has the class method `Faker.seed`;
    Debian's older Faker (0.9) has `Faker` as a factory function, and the same shared source sits in
    `faker.generator.random`, which `Generator.seed` seeds."""
    import faker

    seeder = getattr(faker.Faker, "seed", None)
    if callable(seeder):
        seeder(seed)
    else:
        from faker.generator import Generator

        Generator.seed(seed)


class FakerSeeder(MetaPathFinder):
    def __init__(self, seed):
        self.seed = seed

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "faker" or fullname.startswith("faker."):
            sys.meta_path.remove(self)  # once: the import below would come back here
            seed_faker(self.seed)
        return None


def seed_faker_on_import(seed):
    """Replaces the finder a previous unit may have left (one that never imported Faker)."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, FakerSeeder)]
    if "faker" in sys.modules:
        seed_faker(seed)
    else:
        sys.meta_path.insert(0, FakerSeeder(seed))
