"""plruntime.fakerseed: Faker seeded with the variant seed when course code first imports it in a unit,
as PrairieLearn's worker does (88fb8556a7a1768e2082736be9095241b11238d7, apps/prairielearn/python/zygote.py,
FakerInitializeMetaPathFinder: `Faker.seed(variant_seed)` on the first import of faker). Debian's Faker (0.9)
has no `Faker.seed`; its `Generator.seed` seeds the same shared source, which is what `Faker.seed` calls."""

import sys

import pytest

from plruntime.fakerseed import FakerSeeder, seed_faker_on_import
from plruntime.unit import seed_rngs

pytest.importorskip("faker")


def drop_faker():
    for name in [n for n in sys.modules if n == "faker" or n.startswith("faker.")]:
        del sys.modules[name]


def names_after_import(seed, count=3):
    """A unit: seeded, then its course code imports Faker and draws (modules dropped afterwards)."""
    drop_faker()
    seed_rngs(seed)
    import faker

    fake = faker.Faker()
    out = [fake.name() for _ in range(count)]
    drop_faker()
    return out


def test_same_seed_same_fake_data_different_seed_other_data():
    assert names_after_import(12345) == names_after_import(12345)
    assert names_after_import(12345) != names_after_import(54321)


def test_the_seed_is_the_variant_seed_on_fakers_shared_source():
    expected_seed = 777
    drop_faker()
    import faker
    from faker.generator import Generator

    seeder = getattr(faker.Faker, "seed", None)
    (seeder if callable(seeder) else Generator.seed)(expected_seed)
    fake = faker.Faker()
    direct = [fake.name() for _ in range(3)]
    assert names_after_import(expected_seed) == direct


def test_one_finder_at_a_time_and_none_left_after_the_import():
    drop_faker()
    seed_faker_on_import(1)
    seed_faker_on_import(2)  # a unit that never imported Faker left its finder; the next replaces it
    assert sum(isinstance(f, FakerSeeder) for f in sys.meta_path) == 1
    import faker  # noqa: F401

    assert not any(isinstance(f, FakerSeeder) for f in sys.meta_path)
    drop_faker()
