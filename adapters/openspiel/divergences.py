#!/usr/bin/env python3
"""Write the games where OpenSpiel's Oware and the published Abapa rules
part, as fixtures of rules/oware.rules, under adapters/openspiel/divergences/.

OpenSpiel ends an Oware game when a board (seeds and player to move) repeats
since the last capture, its second occurrence; rules/oware.rules reads the
Abapa rules' end "by agreement" as the third occurrence (`repetition 3 since
capture`), so at the second the game goes on. This script takes each
OpenSpiel fixture that ended by repetition (fixtures/oware_openspiel/, the
header says so), replays it in OpenSpiel without its last move, and finds
the first move, in letter order, that makes OpenSpiel end the game by
repetition. The fixture it writes plays that move and expects what Abapa
says: no capture (the scores stay), the board as sown, the other player to
move, no result.

The board after the move is computed by tools/openspiel_fixtures.py's
mirror of OpenSpiel's sowing (`sow_oware`, checked against OpenSpiel after
every other move); nothing here runs sowspec. Run with

    pip install open_spiel
    python3 adapters/openspiel/divergences.py
"""
import json
import re
import sys
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from openspiel_fixtures import PLAYERS, Oware, flow, sow_oware  # noqa: E402

OUT = Path(__file__).resolve().parent / "divergences"


def moves_of(text):
    return re.search(r"^moves: \[(.*)\]$", text, re.M).group(1).split(", ")


def repeating_move(moves):
    """Replays `moves`; returns (state before the last move, player, letter,
    board after it) for the first legal move that OpenSpiel ends by repetition."""
    state = pyspiel.load_game("oware").new_initial_state()
    seen = {(tuple(Oware.cells(state)), 0)}
    for letter in moves:
        player, before = state.current_player(), Oware.cells(state)
        state.apply_action(ord(letter) - ord("a"))
        board = Oware.cells(state)
        if board[12:] != before[12:]:
            seen.clear()
        seen.add((tuple(board), 1 - player))
    player, before = state.current_player(), Oware.cells(state)
    for action in sorted(state.legal_actions()):
        after = sow_oware(before, player, action)
        child = state.child(action)
        if child.is_terminal() and after[12:] == before[12:] and (tuple(after), 1 - player) in seen:
            return player, chr(ord("a") + action), after
    return None


def main():
    OUT.mkdir(exist_ok=True)
    for old in OUT.glob("*.yaml"):
        old.unlink()
    written = 0
    for path in sorted((ROOT / "fixtures" / "oware_openspiel").glob("random-*.yaml")):
        text = path.read_text()
        if "ended by repetition" not in text.splitlines()[0]:
            continue
        moves = moves_of(text)[:-1]
        found = repeating_move(moves)
        if found is None:
            print(f"{path.name}: no move ends by repetition", file=sys.stderr)
            continue
        player, letter, after = found
        expect = {
            "ply": len(moves) + 1,
            "to_move": PLAYERS[1 - player],
            "board": {"south": after[0:6], "north": after[6:12]},
            "captured": {"south": after[12], "north": after[13]},
            "result": None,
        }
        lines = [
            f"# {path.name} of fixtures/oware_openspiel, its last move replaced by `{letter}`, which repeats a",
            "# board since the last capture for the second time. OpenSpiel ends the game there;",
            "# rules/oware.rules (Abapa, third occurrence) goes on.",
            'rules: "../../../rules/oware.rules"',
            f"source: {flow(f'OpenSpiel oware game fixtures/oware_openspiel/{path.name} and the Abapa rules (a cycle ends at its third occurrence), adapters/openspiel/divergences.py')}",
            "moves: [" + ", ".join(moves + [letter]) + "]",
            "expect:",
            f"  - {flow(expect)}",
        ]
        (OUT / f"oware-repetition-{path.stem[len('random-'):]}.yaml").write_text("\n".join(lines) + "\n")
        written += 1
    print(f"{written} fixtures written to {OUT.relative_to(ROOT)}/")


if __name__ == "__main__":
    main()
