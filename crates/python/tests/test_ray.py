"""Statistics on a Ray instance started on this machine: the games cut
into seeded chunks, played as Ray tasks, give exactly the figures of one
run on one machine, for several rules files and chunk sizes."""

import pytest

ray = pytest.importorskip("ray")  # pinned in requirements-test.txt: always there in CI

import sowspec
from conftest import RULES

FILES = [RULES / "kalah.rules", RULES / "dakon.rules", RULES / "bao_la_kujifunza.rules"]


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("chunk_size", [1, 7, 25, 1000])
def test_ray_gives_the_figures_of_one_machine(local_ray, chunk_size):
    games = 50 if chunk_size > 1 else 12
    one = sowspec.stats(FILES, games=games, seed=11)
    spread = sowspec.stats(FILES, games=games, seed=11, ray=True, chunk_size=chunk_size)
    assert spread == one


def test_ray_with_the_default_chunks_and_another_player(local_ray):
    one = sowspec.stats(FILES[:1], games=64, seed=2, player="greedy")
    assert sowspec.stats(FILES[:1], games=64, seed=2, player="greedy", ray=True) == one
