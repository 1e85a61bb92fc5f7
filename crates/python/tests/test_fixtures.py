"""The repository's hand-worked fixtures (`fixtures/*/hand-*.yaml`, each
worked by hand from its source's rules, independently of the engine) and
perft tables (`tests/data/perft/*.txt`: counts from the reference engines,
OpenSpiel, or by hand), replayed through the Python package."""

import json
from pathlib import Path

import pytest
import yaml

import sowspec
from conftest import ROOT

HAND_FIXTURES = sorted(ROOT.glob("fixtures/*/hand-*.yaml"))
PERFT_TABLES = sorted((ROOT / "tests/data/perft").glob("*.txt"))

# Counts above this are left to `cargo test --release --test perft -- --ignored`.
PERFT_BUDGET = 40_000

_games = {}


def game_of(path: Path, one_round: bool) -> sowspec.Game:
    key = (path.resolve(), one_round)
    if key not in _games:
        _games[key] = sowspec.Game.load(path, one_round=one_round)
    return _games[key]


def test_there_are_fixtures_and_tables():
    assert len(HAND_FIXTURES) > 100
    assert len(PERFT_TABLES) > 30


@pytest.mark.parametrize("path", HAND_FIXTURES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_hand_fixture(path: Path):
    fx = yaml.safe_load(path.read_text())
    game = game_of(path.parent / fx["rules"], bool(fx.get("one_round", False)))
    state = game.state_from_json(fx["from"]) if "from" in fx else game.initial()
    states = [state]
    for mv in fx["moves"]:
        states.append(states[-1].play(str(mv)))
    for want in fx["expect"]:
        got = json.loads(states[want["ply"]].to_json())
        for field, value in want.items():
            if field == "ply":
                continue
            # (A position without claims leaves `claimed` out; conform reads that as none claimed.)
            default = {"south": [], "north": []} if field == "claimed" else None
            assert got.get(field, default) == value, f"ply {want['ply']}: {field}"
    if "result" in fx:
        assert states[-1].result == fx["result"]


def perft_entries():
    for path in PERFT_TABLES:
        rules, one_round, position = None, False, None
        for line in path.read_text().splitlines():
            words = line.split(maxsplit=1)
            if not words or line.startswith("#"):
                continue
            key, rest = words[0], (words[1] if len(words) > 1 else "")
            if key == "rules":
                rules = rest.split()[0]
            elif key == "one_round":
                one_round = rest.strip() == "true"
            elif key == "position":
                position = None if rest.strip() == "initial" else rest.strip()
            elif key == "perft":
                depth, count = (int(x) for x in rest.split()[:2])
                if count <= PERFT_BUDGET:
                    yield pytest.param(rules, one_round, position, depth, count, id=f"{path.stem}-{depth}-{count}")


@pytest.mark.parametrize("rules,one_round,position,depth,count", list(perft_entries()))
def test_perft(rules, one_round, position, depth, count):
    game = game_of(ROOT / "rules" / rules, one_round)
    state = game.state_from_json(position) if position else None
    assert game.perft(depth, state) == count
