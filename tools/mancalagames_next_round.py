#!/usr/bin/env python3
"""Checks a game of rounds past its first round against MancalaGames.

The fixtures of a MancalaGames game in rounds record its first round only
(`one_round: true`, see mancalagames_fixtures.py). This script replays each
fixture's moves in MancalaGames (from a local checkout, headless, as the
fixtures script plays them: passes applied when MancalaGames offers only a
pass), lets MancalaGames set up the second round (`new_game(new_round=True)`:
its refill, blocked holes, stores and starter), and compares that with the
position `sowspec play RULES --moves … --json` reaches after the same moves
played as a match (round 2, before its first move): the board, the closed
holes, each player's holding and the player to move.

    python3 tools/mancalagames_next_round.py --checkout /tmp/mancalagames \\
        --game Raja_Pasu --rules rules/mancalagames/raja_pasu_mancalagames.rules \\
        --fixtures fixtures/mancalagames/raja_pasu [--sowspec target/release/sowspec]

Prints each disagreement and a count; exits 1 if any. Needs PyYAML.
"""

import argparse
import json
import pathlib
import subprocess
import sys

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import mancalagames_fixtures as drv  # noqa: E402


def mancalagames_round_two(path, fixture):
    """MancalaGames' second round after the fixture's moves, as protocol fields."""
    gi = drv.MG.gi
    _, engine_seed = drv.seeds_for(fixture_seed(fixture), path.stem, fixture_game(fixture), None)
    game, _, _ = drv.new_game(path, None, engine_seed)
    cond = None
    for letter in fixture["moves"]:
        moves, decoded = drv.legal_moves(game)
        while not moves:
            game.move(gi.PASS_TOKEN)
            moves, decoded = drv.legal_moves(game)
        cond = game.move(moves[[d[1] for d in decoded].index(letter)])
        if cond and cond.is_ended():
            break
        if game.info.mustpass:
            game.test_pass()
    if not (cond and cond.is_round_over()):
        return None
    game.new_game(new_round=True)
    holes = game.cts.holes
    return {
        "board": {"south": game.board[:holes], "north": game.board[holes:]},
        "closed": {"south": [drv.letter(k) for k in range(holes) if game.blocked[k]],
                   "north": [drv.letter(k) for k in range(holes) if game.blocked[holes + k]]},
        "captured": {"south": game.store[0], "north": game.store[1]},
        "to_move": "north" if game.turn else "south",
    }


def fixture_seed(fixture):
    """The seed in the fixture's `source` (`--seed S`)."""
    return int(fixture["source"].split("--seed ")[1].split(",")[0])


def fixture_game(fixture):
    """The game number in the fixture's `source` (`game N`)."""
    return int(fixture["source"].rsplit("game ", 1)[1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checkout", required=True)
    ap.add_argument("--game", required=True)
    ap.add_argument("--rules", required=True)
    ap.add_argument("--fixtures", required=True)
    ap.add_argument("--sowspec", default="target/release/sowspec")
    args = ap.parse_args()
    drv.load_mancalagames(pathlib.Path(args.checkout))
    drv.DISALLOW_ENDLESS = True
    path = drv.find_config(pathlib.Path(args.checkout), args.game)
    files = sorted(pathlib.Path(args.fixtures).glob("random-*.yaml"))
    agree = ended = 0
    for file in files:
        fixture = yaml.safe_load(file.read_text())
        theirs = mancalagames_round_two(path, fixture)
        if theirs is None:
            ended += 1
            continue
        out = subprocess.run([args.sowspec, "play", args.rules, "--moves", ",".join(fixture["moves"]), "--json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(f"{file.name}: sowspec cannot play these moves: {out.stderr.strip()}")
            continue
        last = json.loads(out.stdout)["positions"][-1]
        ours = {k: last[k] for k in theirs}
        if ours == theirs and last.get("round") == 2:
            agree += 1
        else:
            print(f"{file.name}: MancalaGames {theirs}\n{' ' * len(file.name)}  sowspec      {ours} (round {last.get('round')})")
    compared = len(files) - ended
    print(f"{args.game}: {agree} of {compared} second rounds agree ({ended} games ended the match in round 1)")
    sys.exit(0 if agree == compared else 1)


if __name__ == "__main__":
    main()
