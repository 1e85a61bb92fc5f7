"""Statistics: exact figures on forced games (worked by hand), the same
document as `sowspec stats --json`, and runs cut into chunks (on Ray too)
summing up to exactly the figures of one run."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import sowspec
from conftest import ROOT, RULES

FORCED = ROOT / "tests/data/stats"


def sowspec_binary() -> str:
    """The `sowspec` command line: $SOWSPEC_BIN, or a build in target/."""
    candidates = [os.environ.get("SOWSPEC_BIN", "")]
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    candidates += [str(target / "debug/sowspec"), str(target / "release/sowspec"), shutil.which("sowspec") or ""]
    for c in candidates:
        if c and Path(c).is_file():
            return c
    pytest.fail("no sowspec binary: build it (`cargo build --bin sowspec`) or set SOWSPEC_BIN")


def test_forced_games_give_exact_figures():
    # seeds1: one house a side, one seed each: South's only move ends the
    # game 1-1, a draw, in one ply with one legal move and no capture.
    # seeds2: two seeds each: North wins 3-1 after South's only move.
    doc = sowspec.stats([FORCED / "seeds1.rules", FORCED / "seeds2.rules"], games=50, seed=9)
    draw, north = doc["variants"]
    assert (draw["variant"], north["variant"]) == ("seeds1", "seeds2")
    for v in (draw, north):
        assert v["games"] == 50
        assert v["length"] == {"mean": 1.0, "median": 1.0, "p99": 1, "max": 1}
        assert (v["branching"], v["captures_per_game"], v["stopped"]) == (1.0, 0.0, 0)
    assert draw["draws"]["count"] == 50 and north["north_wins"]["count"] == 50
    # 50 of 50, Wilson 95%: low = (1 + z²/2n - z·√(z²/4n²)) / (1 + z²/n) = 0.92865.
    assert north["north_wins"]["low"] == pytest.approx(0.92865, abs=1e-4)
    assert north["north_wins"]["high"] == 1.0


@pytest.mark.parametrize(
    "rules,player,extra",
    [
        (["kalah.rules", "oware.rules"], "random", []),
        (["dakon.rules"], "greedy", ["--player", "greedy"]),
        (["kalah.rules"], "search", ["--player", "search", "--depth", "2"]),
    ],
)
def test_the_same_document_as_the_command_line(rules, player, extra):
    paths = [str(RULES / r) for r in rules]
    games = 40 if player != "search" else 6
    cmd = [sowspec_binary(), "stats", *paths, "--games", str(games), "--seed", "5", "--json", *extra]
    cli = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True, cwd=ROOT).stdout)
    ours = sowspec.stats(paths, games=games, seed=5, player=player, depth=2)
    assert ours == cli
    one = sowspec.Game.load(paths[0]).stats(games=games, seed=5, player=player, depth=2, threads=1)
    assert one["variants"][0] == cli["variants"][0]


def test_chunks_sum_up_to_the_whole_run():
    game = sowspec.Game.load(RULES / "raja_pasu.rules")
    whole = game.stats(games=30, seed=3)
    for size in (1, 7, 30):
        records = [r for a in range(0, 30, size) for r in game.survey(3, a, min(a + size, 30))]
        doc = json.loads(sowspec._sowspec.stats_document([(game, records)], 30, 3))
        assert doc == whole, f"chunks of {size}"


def test_bad_setups_raise():
    game = sowspec.Game.load(RULES / "kalah.rules")
    with pytest.raises(ValueError, match="player"):
        game.stats(games=2, player="smart")
    with pytest.raises(ValueError, match="depth"):
        game.stats(games=2, player="search", depth=0)
    with pytest.raises(ValueError, match="records"):
        sowspec._sowspec.stats_document([(game, [])], 3, 1)
    with pytest.raises(ValueError, match="no rules files"):
        sowspec.stats([])
