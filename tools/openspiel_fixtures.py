#!/usr/bin/env python3
"""Play random games of Kalah and Oware in OpenSpiel and write them as
sowspec fixtures (fixtures/kalah_openspiel/, fixtures/oware_openspiel/).

OpenSpiel is an independent engine: the expected positions come from its
C++ implementation (pyspiel), never from sowspec. Re-run with

    pip install open_spiel
    python3 tools/openspiel_fixtures.py [--games 200] [--seed 1]

How OpenSpiel's state maps to the JSON protocol (see tools/README.md):

* `mancala` (Kalah(6,4)): `board_` has 14 cells. Cell 0 is player 1's store,
  cells 1..6 are player 0's pits, cell 7 is player 0's store, cells 8..13 are
  player 1's pits; sowing goes 1..13 and round, skipping the opponent's
  store. Player 0 = South, pit 1 = S.a ... pit 6 = S.f; player 1 = North,
  pit 8 = N.a ... pit 13 = N.f (so N.a follows South's store, as in sowspec's
  counterclockwise track). An action is a pit number. The observation tensor
  is the 14 cells, then the player to move, then the move number.
* `oware`: `seeds` has 12 houses: 0..5 are player 0's (A..F = S.a..S.f),
  6..11 are player 1's (a..f = N.a..N.f); sowing goes 0..11 and round. An
  action is 0..5, the house of the player to move (`a` + action). The
  observation tensor is the 12 houses and the 2 scores, each divided by 48.

End states:
* Kalah: the game ends when either row is empty; OpenSpiel leaves the seeds
  where they are and `Returns()` counts each player's pits plus store. The
  final position is written with that sweep done (each row to its owner),
  which is exactly OpenSpiel's scoring.
* Oware: every ending (a score above 24 or 24 each, no legal move, or a board
  repeated since the last capture) goes through `CollectAndTerminate()`,
  which gives each row's seeds to its owner; the final board is written as
  OpenSpiel leaves it. Games that end by repetition are written to their
  end like the others (the rules file says `repetition 2 since capture
  remaining to owner`); the summary counts them.
* Games reaching OpenSpiel's maximum length (1000 moves) are discarded.
"""
import argparse
import json
import random
from pathlib import Path

import pyspiel

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ["south", "north"]


def flow(value):
    return json.dumps(value, separators=(", ", ": "))


def letters(indices):
    return [chr(ord("a") + i) for i in indices]


class Kalah:
    name = "kalah_openspiel"
    rules = "../../rules/kalah_openspiel.rules"
    game = "mancala"

    @staticmethod
    def cells(state):
        return [round(x) for x in state.observation_tensor(0)[:14]]

    @staticmethod
    def move_letter(player, action):
        return chr(ord("a") + action - (1 if player == 0 else 8))

    @staticmethod
    def legal_letters(state):
        p = state.current_player()
        return sorted(Kalah.move_letter(p, a) for a in state.legal_actions())

    @classmethod
    def position(cls, state):
        c = cls.cells(state)
        south, north = c[1:7], c[8:14]
        cap = {"south": c[7], "north": c[0]}
        if state.is_terminal():
            cap = {"south": c[7] + sum(south), "north": c[0] + sum(north)}
            south, north = [0] * 6, [0] * 6
        pos = {"board": {"south": south, "north": north}, "captured": cap}
        return cls.decorate(state, pos)

    @staticmethod
    def decorate(state, pos):
        if state.is_terminal():
            r = state.returns()
            winner = "draw" if r[0] == r[1] else ("south" if r[0] > r[1] else "north")
            pos.update({"to_move": None, "legal": [], "result": {"winner": winner}})
        else:
            p = state.current_player()
            pos.update({"to_move": PLAYERS[p], "result": None})
        return pos


class Oware(Kalah):
    name = "oware_openspiel"
    rules = "../../rules/oware_openspiel.rules"
    game = "oware"

    @staticmethod
    def cells(state):
        return [round(x * 48) for x in state.observation_tensor(0)]

    @staticmethod
    def move_letter(player, action):
        return chr(ord("a") + action)

    @staticmethod
    def legal_letters(state):
        return sorted(Oware.move_letter(0, a) for a in state.legal_actions())

    @classmethod
    def position(cls, state):
        c = cls.cells(state)
        pos = {"board": {"south": c[0:6], "north": c[6:12]}, "captured": {"south": c[12], "north": c[13]}}
        return cls.decorate(state, pos)


def ordered(ply, pos, legal):
    entry = {"ply": ply}
    for k in ["to_move", "board", "captured", "legal", "result"]:
        if k == "legal":
            entry["legal"] = legal if legal is not None else pos.get("legal", [])
        elif k in pos:
            entry[k] = pos[k]
    return entry


def play(kind, rng):
    """One random game: (moves, expectations, how it ended), or None if it
    reached OpenSpiel's maximum length."""
    game = pyspiel.load_game(kind.game)
    state = game.new_initial_state()
    moves, expect = [], [ordered(0, kind.position(state), kind.legal_letters(state))]
    seen = set()  # Oware: boards since the last capture, as OpenSpiel keeps them
    if kind is Oware:
        seen.add((tuple(kind.cells(state)), 0))
    while not state.is_terminal():
        if len(moves) >= game.max_game_length():
            return None
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        before = kind.cells(state)
        state.apply_action(action)
        moves.append(kind.move_letter(player, action))
        if kind is Oware:
            # Mirror OpenSpiel's repetition rule to tell why a game ended.
            board = sow_oware(before, player, action)
            if board[12:] != before[12:]:
                seen.clear()
            key = (tuple(board), 1 - player)
            if key in seen:
                assert state.is_terminal(), "OpenSpiel ends a game on a repeated board"
                expect.append(ordered(len(moves), kind.position(state), []))
                return moves, expect, "repetition"
            seen.add(key)
            if not state.is_terminal():
                assert board == kind.cells(state), "the mirror of OpenSpiel's sowing disagrees"
        legal = kind.legal_letters(state) if not state.is_terminal() else []
        expect.append(ordered(len(moves), kind.position(state), legal))
    if kind is Oware:
        score = expect[-1]["captured"]
        return moves, expect, "score" if max(score.values()) > 24 or score["south"] == 24 else "no legal move"
    return moves, expect, "an empty row"


def sow_oware(cells, player, action):
    """The 12 houses and 2 scores after a move, before any end-of-game sweep,
    computed the way OpenSpiel's oware.cc does (sowing skips the origin; 2s
    and 3s are captured backwards in the opponent's row unless that would
    take all of it). Used only to recognise repetition endings and checked
    against OpenSpiel after every move that does not end the game."""
    seeds = list(cells)
    house = player * 6 + action
    hand, seeds[house], i = seeds[house], 0, house
    while hand:
        i = (i + 1) % 12
        if i != house:
            seeds[i] += 1
            hand -= 1
    if i // 6 != player:
        lower = (i // 6) * 6
        grand = all(seeds[j] == 0 for j in range(i + 1, lower + 6)) and all(
            seeds[j] in (2, 3) for j in range(lower, i + 1)
        )
        j = i
        while not grand and j >= lower and seeds[j] in (2, 3):
            seeds[12 + player] += seeds[j]
            seeds[j] = 0
            j -= 1
    return seeds


def write(kind, n, moves, expect, end, seed):
    folder = ROOT / "fixtures" / kind.name
    folder.mkdir(parents=True, exist_ok=True)
    lines = [
        f"# OpenSpiel `{kind.game}` game {n}, uniform random play (seed {seed}), ended by {end}",
        f"rules: {flow(kind.rules)}",
        f"source: {flow(f'independent engine: OpenSpiel {kind.game} (pyspiel), tools/openspiel_fixtures.py --seed {seed}, game {n}')}",
        "moves: [" + ", ".join(moves) + "]",
    ]
    final = expect[-1].get("result")
    if final:
        lines.append(f"result: {final['winner']}")
    lines.append("expect:")
    lines += [f"  - {flow(e)}" for e in expect]
    (folder / f"random-{n:03}.yaml").write_text("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for kind in (Kalah, Oware):
        rng = random.Random(args.seed)
        folder = ROOT / "fixtures" / kind.name
        for old in folder.glob("random-*.yaml"):
            old.unlink()
        tally, n = {}, 0
        while n < args.games:
            got = play(kind, rng)
            if got is None:
                tally["too long"] = tally.get("too long", 0) + 1
                continue
            n += 1
            moves, expect, end = got
            tally[end] = tally.get(end, 0) + 1
            write(kind, n, moves, expect, end, args.seed)
        print(f"{kind.name}: {n} games written to fixtures/{kind.name}/ ({tally})")


if __name__ == "__main__":
    main()
