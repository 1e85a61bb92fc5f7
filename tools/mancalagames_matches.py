#!/usr/bin/env python3
"""Checks whole matches of a MancalaGames configuration played in rounds,
every ply of every round, against sowspec.

The fixtures of a game in rounds stop at the end of round 1
(mancalagames_fixtures.py), and mancalagames_next_round.py checks only the
setup of round 2. This script plays N uniform random matches in
MancalaGames (a local checkout, headless, South first, passes applied and
not recorded, as the fixtures script plays), setting up each next round
with MancalaGames' own `new_game(new_round=True)`, then replays each
match's moves with `sowspec play RULES --moves … --json` and compares every
position: the board, the holdings, the closed holes, the player to move,
the legal moves, and, for territory games (`goal = TERRITORY`), who owns
each hole (MancalaGames' `owner`; sowspec's `territory` field). At the end
of the match it compares the winner.

Moves are written as sowspec reads them: a hole of the mover's row by its
letter; in territory games a hole the mover owns in the other row by the
letters that follow the mover's last one (`g` for the other row's `a` on
six holes), as the rules language letters a territory player's holes.
With --signed, moves carry the direction they sow in (`c+`, `c-`), as the
fixtures script writes them with its --signed, for configurations where the
direction is chosen or set per hole (`direction chosen` in the rules).

Where the rules lay out each round (`refill … chosen`: MancalaGames'
round_fill UCHOOSE and UCHOWN), sowspec asks for a layout move at a round's
start, which MancalaGames' headless engine never asks: it lays the round
out by default. At each such round start this script writes the layout
that equals MancalaGames' board after its `new_game(new_round=True)`: under
UCHOOSE, each player's filled holes (South first) where some but not all
are; under UCHOWN, the holes of the trailing player's row that the leader
owns, where some but not all are.

    python3 tools/mancalagames_matches.py --checkout /tmp/mancalagames \\
        --game NumNum --rules rules/mancalagames/numnum_mancalagames.rules \\
        --games 20 [--seed 1] [--max-plies 3000] [--sowspec target/release/sowspec] [--signed]

Prints each disagreement (the first ply of a match that differs) and a
count; exits 1 if any. Nothing of MancalaGames is copied here.
"""

import argparse
import json
import pathlib
import random
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import mancalagames_fixtures as drv  # noqa: E402


def sowspec_letter(game, notation):
    """The sowspec letter of a move in the driver's notation (`c`, `N.c`)."""
    if "." not in notation:
        return notation
    row, hole = notation.split(".")
    H = game.cts.holes
    # The other row's hole: lettered on past the mover's own row.
    return drv.letter(H + ord(hole) - ord("a")) if row in "SN" else notation


def owners(game):
    """Who owns each cell, South's row then North's: `S` or `N`."""
    return "".join("N" if o else "S" for o in game.owner)


def our_owners(pos, H):
    """The same, from a sowspec position's `territory` field (and its
    `ceded` holes, where the leader chose them)."""
    t = pos.get("territory")
    border = 0 if t is None else t["south"] - H
    ceded = pos.get("ceded")
    if ceded:
        cells = ["N" if drv.letter(c) in ceded["south"] else "S" for c in range(H)]
        return "".join(cells + ["S" if drv.letter(c) in ceded["north"] else "N" for c in range(H)])
    cells = []
    for c in range(2 * H):
        if c < H:
            cells.append("N" if border < 0 and c < -border else "S")
        else:
            cells.append("S" if border > 0 and c - H < border else "N")
    return "".join(cells)


def state(game, decoded, territory):
    """MancalaGames' position, in the fields compared."""
    H = game.cts.holes
    st = {
        "to_move": drv.PLAYERS[int(game.turn)],
        "board": {"south": list(game.board[:H]), "north": list(game.board[H:])},
        "captured": {"south": game.store[0], "north": game.store[1]},
        "closed": {"south": [drv.letter(i) for i in range(H) if game.blocked[i]],
                   "north": [drv.letter(i) for i in range(H) if game.blocked[H + i]]},
        "legal": sorted(sowspec_letter(game, n) for _, n in decoded),
    }
    if territory:
        st["owners"] = owners(game)
    return st


def ours(pos, H, territory):
    """A sowspec position, in the same fields."""
    st = {k: pos[k] for k in ("to_move", "board", "captured", "closed")}
    st["legal"] = sorted(pos["legal"])
    if territory:
        st["owners"] = our_owners(pos, H)
    return st


def layouts(game):
    """The layout moves sowspec asks for at the round MancalaGames just set
    up (`refill … chosen`), equal to MancalaGames' own layout: a list of
    `=a.c`-style moves, South's first (empty when no layout is asked)."""
    gi = drv.MG.gi
    H = game.cts.holes
    fill = game.info.round_fill
    moves = []
    if fill == gi.RoundFill.UCHOWN:
        # The holes of a row its owner lost to the leader this round.
        for row, owner in ((0, False), (H, True)):
            lost = [i for i in range(H) if game.owner[row + i] != owner]
            if 0 < len(lost) < H:
                moves.append("=" + ".".join(drv.letter(i) for i in lost))
    elif fill == gi.RoundFill.UCHOOSE:
        for row in (0, H):
            filled = [i for i in range(H) if game.board[row + i] > 0]
            if 0 < len(filled) < H:
                moves.append("=" + ".".join(drv.letter(i) for i in filled))
    return moves


def play_match(path, seed, n, max_plies):
    """One random match: (moves, [(ply, state)], winner or None, why it stopped)."""
    gi = drv.MG.gi
    move_seed, engine_seed = drv.seeds_for(seed, path.stem, n)
    rng = random.Random(move_seed)
    game, _, forced = drv.new_game(path, None, engine_seed)
    if forced:
        raise drv.Unsupported("a start pattern that moves")
    territory = game.info.goal == gi.Goal.TERRITORY
    moves, states = [], []
    legal, decoded = drv.legal_moves(game)
    states.append((0, state(game, decoded, territory)))
    passes = 0
    while len(moves) < max_plies:
        if not legal:
            if game.get_moves() != [gi.PASS_TOKEN] or passes > 4:
                return moves, states, None, "no legal move but the match is not over"
            game.move(gi.PASS_TOKEN)
            passes += 1
            legal, decoded = drv.legal_moves(game)
            states[-1] = (len(moves), state(game, decoded, territory))
            continue
        passes = 0
        i = rng.randrange(len(legal))
        cond = game.move(legal[i])
        moves.append(sowspec_letter(game, decoded[i][1]))
        if cond and cond.is_ended() and not cond.is_round_over():
            winner = "draw" if cond.is_tie() else drv.PLAYERS[int(game.mdata.winner)]
            return moves, states, winner, "match over"
        if cond and cond.is_round_over():
            game.new_game(new_round=True)
            moves.extend(layouts(game))
        elif game.info.mustpass:
            game.test_pass()
        legal, decoded = drv.legal_moves(game)
        states.append((len(moves), state(game, decoded, territory)))
    return moves, states, None, f"move cap ({max_plies} plies)"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--checkout", required=True)
    ap.add_argument("--game", required=True)
    ap.add_argument("--rules", required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=3000)
    ap.add_argument("--sowspec", default="target/release/sowspec")
    ap.add_argument("--signed", action="store_true",
                    help="moves signed by the direction they sow in, as the fixtures script's --signed")
    args = ap.parse_args()
    drv.load_mancalagames(pathlib.Path(args.checkout))
    drv.DISALLOW_ENDLESS = True
    drv.SIGNED = args.signed
    path = drv.find_config(pathlib.Path(args.checkout), args.game)
    agree = rounds_seen = 0
    for n in range(1, args.games + 1):
        moves, states, winner, why = play_match(path, args.seed, n, args.max_plies)
        out = subprocess.run([args.sowspec, "play", args.rules, "--moves", ",".join(moves), "--json"],
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(f"match {n}: sowspec cannot play these moves: {out.stderr.strip()[:300]}")
            continue
        positions = json.loads(out.stdout)["positions"]
        H = len(positions[0]["board"]["south"])
        territory = "owners" in states[0][1]
        bad = None
        for ply, theirs in states:
            mine = ours(positions[ply], H, territory)
            if mine != theirs:
                bad = (ply, theirs, mine)
                break
        last = positions[-1]
        rounds_seen += last.get("round", 1)
        if bad is None and winner is not None:
            result = (last.get("result") or {}).get("winner")
            if result != winner:
                bad = (len(moves), {"winner": winner}, {"winner": result})
        if bad is None:
            agree += 1
        else:
            ply, theirs, mine = bad
            print(f"match {n} ({why}), ply {ply} of {len(moves)}:\n  MancalaGames {theirs}\n  sowspec      {mine}")
    print(f"{args.game}: {agree} of {args.games} matches agree at every ply ({rounds_seen} rounds in all)")
    sys.exit(0 if agree == args.games else 1)


if __name__ == "__main__":
    main()
