#!/usr/bin/env python3
"""Play uniform random games in MancalaGames (StoneShark/MancalaGames, pure
Python) and write them as sowspec fixtures and/or JSON lines.

MancalaGames is an independent engine: the expected positions come from its
own code, never from sowspec. Get a local checkout first:

    git clone https://github.com/StoneShark/MancalaGames /tmp/mancalagames

One configuration (a file `GameProps/<NAME>.txt` of the checkout):

    python3 tools/mancalagames_fixtures.py --checkout /tmp/mancalagames \\
        --game Kalah --rules ../../rules/kalah_mancalagames.rules \\
        --out fixtures/kalah_mancalagames --games 100 --seed 1 [--jsonl FILE]

Every configuration, N games each, one JSON-lines file per configuration
(YAML is not written in this mode), with a per-configuration report:

    python3 tools/mancalagames_fixtures.py --checkout /tmp/mancalagames \\
        --all --jsonl-dir /tmp/mg_jsonl --games 50 --seed 1

How MancalaGames' state maps to sowspec's (see tools/README.md for more):

* Players: `turn` False is South (`PLAYER_NAMES[0]`, the bottom row, store
  index 0), True is North. Every game is set up with South to move first.
* Cells: `board` has 2*H cells; cells 0..H-1 are South's row from South's
  left (S.a..), cells H..2H-1 are North's row from North's left (N.a..).
  Counter-clockwise sowing (+1) is sowspec's counterclockwise track
  S.a..S.last, N.a..N.last; the opposite of cell c is 2H-1-c (S.a faces
  N.last). A plain move is `pos`, a position on the *display* row read from
  the left as the bottom (South) player sees it: for South the cell is pos,
  for North it is 2H-1-pos, so North's letter is `a` + (H-1-pos). Under
  NO_SIDES a move from the other row is lettered on past the mover's row
  (`lift from both_rows`: South's letter for N.x is `a` + H + x).
* Stores and children: `captured` is the store plus the seeds in the
  player's children (MancalaGames leaves a child's seeds in the hole and
  counts them for its owner, as its enders' ChildClaimSeeds does); the
  board shows 0 in a child, and `claimed` lists children by claimer. A
  weg's seeds (child_type WEG) stay in play, so they stay on the board
  until the game is over.
* Passes: MUSTPASS games pass automatically (game.test_pass, or a PASS
  token when get_moves offers only that); passes are not moves.
* End: `result` comes from the move's WinCond and mdata.winner. The final
  board is written as MancalaGames leaves it (a MAX_SEEDS game that ends
  because a player holds more than half the seeds leaves the other seeds
  on the board).
* Rounds: only the first round is recorded (`one_round: true`); its end is
  the final position (after MancalaGames' end-of-round claim).
* A move MancalaGames ends as ENDLESS (more than 75 laps) is dropped; the
  record stops before it with no result. Games reaching --max-plies stop
  with no result.
"""
import argparse
import contextlib
import hashlib
import io
import json
import os
import random
import statistics
import subprocess
import sys
import time
import traceback
import warnings
from pathlib import Path

PLAYERS = ["south", "north"]
EW_CLASSES = {"EastWestCycle", "EWGratuitous", "Diffusion"}

MG = None  # the MancalaGames modules, once loaded


class Unsupported(Exception):
    """A configuration that cannot be recorded at all."""


def flow(value):
    return json.dumps(value, separators=(", ", ": "))


def letter(i):
    return chr(ord("a") + i)


# --------------------------------------------------------------------------
# Loading MancalaGames


def load_mancalagames(checkout):
    """Import MancalaGames' modules from CHECKOUT/src, headless."""
    global MG
    src = Path(checkout).resolve() / "src"
    if not (src / "mancala.py").is_file():
        sys.exit(f"{checkout}: not a MancalaGames checkout (no src/mancala.py)")
    sys.path.insert(0, str(src))
    import animator  # noqa: E402
    import claimer  # noqa: E402

    animator.ENABLED = False

    # DONT_SCORE: MancalaGames' end-of-game claimer empties the board (the
    # seeds are not scored); keep the board it found, the first time in a
    # move, for --sweep-final (see `position`).
    take_only = claimer.TakeOnlyChildNStores.claim_seeds

    def keep_unscored(self):
        if getattr(self.game, "unscored_board", None) is None:
            self.game.unscored_board = list(self.game.board)
        return take_only(self)

    claimer.TakeOnlyChildNStores.claim_seeds = keep_unscored
    import allowables  # noqa: E402
    import game_info as gi  # noqa: E402

    # "Disallow Endless Sows" on boards whose moves are triples (territory):
    # MancalaGames' NoEndlessSows sows each allowable hole once, but there,
    # where the allowables are indexed by board cell, it bars the entry of
    # the hole's position on its row, which for a hole of North's row is the
    # facing South hole: an endless move from North's row stays allowed (and
    # is played, ending the game as ENDLESS), and the facing hole is barred
    # when North owns it. On such boards each allowable cell is sown here
    # once and its own entry barred when the sowing is endless; elsewhere
    # MancalaGames' own test runs. (Adji_Kui_II: 2 of its first 50 games.)
    endless_by_position = allowables.NoEndlessSows.get_allowable_holes

    def endless_by_cell(self):
        game = self.game
        if game.info.mlength != 3:
            return endless_by_position(self)
        allow = self.decorator.get_allowable_holes()
        for loc, ok in enumerate(allow):
            if ok:
                row = int(loc < game.cts.holes)
                move = allowables.get_move_triple(row, game.cts.xlate_pos_loc(row, loc))
                with game.save_restore_state():
                    allow[loc] = game.do_sow(move).capt_start != gi.WinCond.ENDLESS
        return allow

    allowables.NoEndlessSows.get_allowable_holes = endless_by_cell
    import man_config  # noqa: E402
    import round_tally  # noqa: E402
    from game_logger import game_log  # noqa: E402

    game_log.active = False

    class M:
        pass

    MG = M()
    MG.gi, MG.man_config, MG.round_tally, MG.game_log = gi, man_config, round_tally, game_log
    MG.src = src
    MG.commit = "unknown"
    with contextlib.suppress(Exception):
        MG.commit = subprocess.run(
            ["git", "-C", str(src.parent), "rev-parse", "HEAD"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()
    return MG


def config_files(checkout):
    folder = Path(checkout) / "GameProps"
    return sorted(p for p in folder.glob("*.txt") if p.name != "_all_params.txt")


def find_config(checkout, name):
    folder = Path(checkout) / "GameProps"
    for cand in (name, name.replace(" ", "_")):
        p = folder / (cand if cand.endswith(".txt") else cand + ".txt")
        if p.is_file():
            return p
    for p in config_files(checkout):  # by the game's name inside the file
        with contextlib.suppress(Exception):
            if json.loads(p.read_text().split("<text_section>")[0])["game_info"]["name"] == name:
                return p
    sys.exit(f"no configuration {name!r} in {folder}")


@contextlib.contextmanager
def quiet():
    """MancalaGames prints 'gentle warnings' and raises UserWarnings while
    checking a configuration; collect them instead."""
    out = io.StringIO()
    with warnings.catch_warnings(record=True) as caught, contextlib.redirect_stdout(out):
        warnings.simplefilter("always")
        yield out, caught


def build_game(path, variant=None):
    """A game object for the configuration, and the warnings it printed."""
    with quiet() as (out, caught):
        if variant:
            # variants are applied through the parameter table, read from src/
            cwd = os.getcwd()
            os.chdir(MG.src.parent)
            try:
                MG.man_config.read_params_data()  # fills man_config.PARAMS
                game, _ = MG.man_config.make_game(str(path), variant)
            finally:
                os.chdir(cwd)
        else:
            game, _ = MG.man_config.make_game(str(path))
    notes = [l.strip() for l in out.getvalue().splitlines() if l.strip()]
    notes += [str(w.message) for w in caught]
    return game, notes


# --------------------------------------------------------------------------
# Describing a configuration


def shape(game):
    """'north-south' when each player owns one row, else a description."""
    cls = type(game).__name__
    if cls in EW_CLASSES:
        return "east-west (each player owns half of both rows)"
    return "north-south"


def plain_reason(game):
    """None if the configuration's moves are plain holes of the mover's own
    row (sowspec letters, signed `+`/`-` with --signed); otherwise why not."""
    gi, info = MG.gi, game.info
    cls = type(game).__name__
    if cls in EW_CLASSES:
        return "east-west board: players own halves of both rows"
    if info.udirect and not signed(game):
        return "UDIR_HOLES/PLAYALTDIR: the mover chooses a direction (see --signed)"
    if info.play_locs != gi.PlayLocs.BOARD_ONLY:
        return "PLAY_LOCS: moves from the store"
    if cls in ("NSGratuitous", "EWGratuitous"):
        return "Gratuitous: a capture is followed by placing the seeds in a chosen hole"
    return None


def rounds_kind(game):
    """Whether the configuration is played as rounds (or tallied games)."""
    info = game.info
    return bool(info.rounds) or info.goal in MG.round_tally.RoundTally.GOALS


# --------------------------------------------------------------------------
# Moves


def decode_move(game, move):
    """A MancalaGames move by the player to move, as (a JSON description,
    its notation). The notation of a plain move, a hole of the mover's own
    row sown in the configured direction, is its letter; otherwise it is
    `[S.|N.]hole[/cw|/ccw]` (the row is named when it is not the mover's, a
    direction when the mover chose it), `store:N` (sow N seeds from the
    mover's store) or `place:N.c` (Gratuitous: put the captured seeds in
    that hole)."""
    cts, turn = game.cts, game.turn
    H = cts.holes
    raw = {"mg": str(move)}
    direct = None
    if isinstance(move, tuple) and len(move) == 2 and move[0] < 0:
        raw.update({"kind": "store", "store": PLAYERS[-move[0] - 1], "seeds": move[1]})
        return raw, f"store:{move[1]}"
    if isinstance(move, tuple) and len(move) == 3:  # (row, pos, direction)
        loc = cts.xlate_pos_loc(move[0], move[1])
        direct = move[2]
    elif isinstance(move, tuple) and len(move) == 2:  # (pos, direction)
        loc = cts.xlate_pos_loc(not turn, move[0])
        direct = move[1]
    else:
        loc = cts.xlate_pos_loc(not turn, move)
    row = 0 if loc < H else 1
    hole = letter(loc if row == 0 else loc - H)
    raw.update({"kind": "hole", "cell": loc, "row": PLAYERS[row], "hole": hole,
                "direction": None if direct is None else direct.name.lower()})
    if getattr(game, "empty_store", False):
        raw["kind"] = "place_captured"  # Gratuitous: the captured seeds go into this hole
        return raw, f"place:{'SN'[row]}.{hole}"
    text = hole if row == int(turn) else f"{'SN'[row]}.{hole}"
    if game.info.no_sides:
        # NO_SIDES (`lift from both_rows`): the other row's holes are lettered
        # on past the mover's row (on 6-hole rows South's `g` is N.a)
        text = letter(ord(hole) - ord("a") + (0 if row == int(turn) else H))
    if direct is not None:
        text += "/" + direct.name.lower()
    return raw, text


SIGNED = False


def signed(game):
    """Whether moves are written with their sowing direction, as sowspec's
    `direction chosen` reads them (`c+` counterclockwise, `c-` clockwise):
    with --signed, for configurations where the mover chooses a direction
    in some holes (UDIR_HOLES), whatever fixes it in the others, and for
    those whose direction depends on the hole or its seeds (SPLIT,
    TOCENTER, EVEN_ODD_DIR), and for PLAYALTDIR (after the first move,
    MancalaGames offers each hole once, sown in the direction the first move
    left the mover)."""
    direct = MG.gi.Direct
    per_hole = game.info.sow_direct not in (direct.CW, direct.CCW)
    return SIGNED and (game.info.udirect or per_hole)


def sign_move(game, move, described):
    """(description, notation) of a move with the direction it sows in: the
    one chosen (UDIR hole), else the one MancalaGames computes for the hole
    (SPLIT, CW, CCW), found by sowing it once and restoring the state."""
    raw, text = described
    if raw.get("kind") != "hole" or (raw["row"] != PLAYERS[int(game.turn)] and not game.info.no_sides):
        return raw, text
    direct = raw.get("direction")
    if direct is None:
        before = game.state
        direct = game.sim_single_sow(move).direct.name.lower()
        game.state = before
    raw = dict(raw, direction=direct)
    return raw, text.split("/")[0] + ("+" if direct == "ccw" else "-")


def is_plain(notation):
    return len(notation) == 1 or (len(notation) == 2 and notation[1] in "+-")


def legal_moves(game):
    """(MancalaGames moves, [(description, notation)]) the player to move
    is offered, passes left out."""
    moves = [m for m in game.get_moves() if m != MG.gi.PASS_TOKEN]
    pairs = [(m, decode_move(game, m)) for m in moves]
    if signed(game):
        pairs = [(m, sign_move(game, m, d)) for m, d in pairs]
        # as sowspec lists them: every `+` move, then every `-` move, by hole
        pairs.sort(key=lambda p: (p[1][1].endswith("-"), p[1][1]))
    else:
        # sorted by notation: MancalaGames builds some move lists from sets,
        # whose order is not fixed from one Python run to the next
        pairs.sort(key=lambda p: p[1][1])
    return [m for m, _ in pairs], [d for _, d in pairs]


# --------------------------------------------------------------------------
# Positions


SWEEP_FINAL = False


def position(game, over, winner, decoded=None):
    """The JSON-protocol position of the game (see the module docstring).
    With SWEEP_FINAL, the seeds a finished game leaves in open holes go to
    each row's owner (as sowspec's `no_moves remaining to owner` would), or
    to the player who moved last in configurations whose `unclaimed` is
    LAST_MOVER or UNFED_PLAYER (`remaining to last_mover`), or halved
    where it is DIVVIED (`remaining divided`); where it is
    DONT_SCORE, or UNFED_PLAYER with a DONT_SCORE quitter, they stay where
    they were before MancalaGames' claimer emptied the board (`no_moves
    keeping board`, `over … keeping board`). In games won by emptying
    one's own row (CLEAR) nothing is awarded: the board stays."""
    H = game.cts.holes
    board = list(game.board)
    captured = list(game.store)
    seeds = MG.gi.EndGameSeeds
    unclaimed, quitter = game.info.unclaimed, game.info.quitter
    if over and SWEEP_FINAL and game.info.goal == MG.gi.Goal.CLEAR:
        # CLEAR: MancalaGames awards nothing (the imported `no_moves keeping board`)
        pass
    elif over and SWEEP_FINAL and (
        unclaimed == seeds.DONT_SCORE or (unclaimed == seeds.UNFED_PLAYER and quitter == seeds.DONT_SCORE)
        or game.info.no_sides  # NO_SIDES scores only stores and children (its TakeOnlyChildNStores)
    ):
        # unscored seeds stay where they were (sowspec's `no_moves keeping board`,
        # or UNFED_PLAYER's `over … keeping board` when its quitter is DONT_SCORE)
        board = list(getattr(game, "unscored_board", None) or board)
    elif over and SWEEP_FINAL and unclaimed == seeds.DIVVIED:
        # halved, the odd seed to the player with fewer in store (North on
        # equal stores), as MancalaGames' DivvySeedsStores does at the ends
        # where it runs (`no_moves remaining divided`)
        left = 0
        for loc in range(2 * H):
            if game.child[loc] is None and not game.blocked[loc]:
                left += board[loc]
                board[loc] = 0
        captured = [c + left // 2 for c in captured]
        captured[0 if captured[1] > captured[0] else 1] += left % 2
    elif over and SWEEP_FINAL:
        # to the last mover where the configuration awards what is left so
        # (UNFED_PLAYER: the imported `remaining to last_mover`)
        last = unclaimed in (seeds.LAST_MOVER, seeds.UNFED_PLAYER) and game.mdata
        for loc in range(2 * H):
            if game.child[loc] is None and not game.blocked[loc]:
                captured[int(game.mdata.player) if last else 0 if loc < H else 1] += board[loc]
                board[loc] = 0
    claimed = [[], []]
    children = game.info.child_type and game.info.child_type != MG.gi.ChildType.RAM
    # a weg's seeds stay in play (the opponent takes from it), so they stay
    # on the board until the end, where they go to the weg's owner
    wegs = game.info.child_type == MG.gi.ChildType.WEG
    for loc in range(2 * H):
        owner = game.child[loc]
        if owner is True or owner is False:
            if over or not wegs:
                captured[int(owner)] += board[loc]
                board[loc] = 0
            claimed[int(owner)].append(("s" if loc < H else "n") + letter(loc % H))
    pos = {
        "to_move": None if over else PLAYERS[int(game.turn)],
        "board": {"south": board[:H], "north": board[H:]},
        "captured": {"south": captured[0], "north": captured[1]},
    }
    if game.info.blocks:
        pos["closed"] = {
            "south": [letter(i) for i in range(H) if game.blocked[i]],
            "north": [letter(i) for i in range(H) if game.blocked[H + i]],
        }
    if over:
        pos["legal"] = []
        pos["result"] = None if winner is None else {"winner": winner}
    else:
        # signed moves keep legal_moves' order (sowspec's: `+` moves, then `-`)
        pos["legal"] = [n for _, n in decoded] if signed(game) else sorted(n for _, n in decoded)
        pos["result"] = None
    if children:
        pos["claimed"] = {"south": claimed[0], "north": claimed[1]}
    return pos


def raw_state(game):
    """MancalaGames' own state, for the JSON lines."""
    st = {"board": list(game.board), "store": list(game.store), "turn": bool(game.turn)}
    if game.info.child_type:
        st["child"] = [None if c is None else (c if isinstance(c, bool) else int(c)) for c in game.child]
    if game.info.blocks:
        st["blocked"] = list(game.blocked)
    if game.info.goal == MG.gi.Goal.TERRITORY:
        st["owner"] = list(game.owner)
    if game.info.moveunlock or game.info.allow_rule == MG.gi.AllowRule.MOVE_ALL_HOLES_FIRST:
        st["unlocked"] = list(game.unlocked)
    return st


def entry(ply, pos):
    e = {"ply": ply}
    for k in ["to_move", "board", "captured", "closed", "legal", "result", "claimed"]:
        if k in pos:
            e[k] = pos[k]
    return e


def outcome(game, cond):
    """(winner or None, end text) of a move's WinCond."""
    gi, mdata = MG.gi, game.mdata
    if cond.is_tie():
        winner = "draw"
    else:
        winner = PLAYERS[int(mdata.winner)]
    text = (mdata.end_msg or "").replace("\n", " ")
    text = " ".join(text.split())
    for a, b in [("_thing_", "the game"), ("_Thing_", "The game"),
                 ("_Winner_", winner.title()), ("_winner_", winner.title()),
                 ("_Loser_", "the other player"), ("_loser_", "the other player")]:
        text = text.replace(a, b)
    if not text:
        text = "a player holds more than half the seeds" if game.info.goal == gi.Goal.MAX_SEEDS else cond.name
    if cond.is_round_over():
        text = f"end of round 1 ({cond.name}): {text}"
    return winner, text


# --------------------------------------------------------------------------
# Playing


def seeds_for(seed, stem, n, variant=None):
    base = f"mancalagames:{seed}:{stem}{'::' + variant if variant else ''}:{n}"
    return base, int(hashlib.sha256((base + ":engine").encode()).hexdigest()[:16], 16)


DISALLOW_ENDLESS = False

# Start patterns MancalaGames lays out at random (its RANDOM and
# RANDOM_ZEROS), recorded as each game's `from:`.
DRAWN_STARTS = (6, 12)


def new_game(path, variant, engine_seed):
    """A game with South (turn False) to move first.

    MancalaGames picks the first player at random and then alternates; its
    new-game chain sets `turn = not starter`. A start pattern that plays an
    opening move itself (MOVE_RIGHTMOST, MOVE_RANDOM) is caught here and
    returned as a forced first move."""
    random.seed(engine_seed)
    game, notes = build_game(path, variant)
    forced = []
    original_move = game.move

    def catch_move(move):
        moves, decoded = legal_moves(game)
        forced.append((move, position(game, False, None, decoded), raw_state(game),
                       decode_move(game, move), bool(game.turn)))
        return original_move(move)

    for starter, turn in [(True, False), (False, True), (True, True), (False, False)]:
        forced.clear()
        game.starter, game.turn, game.mdata = starter, turn, None
        game.move = catch_move
        try:
            game.new_game()
        finally:
            del game.move
        start_turn = forced[0][4] if forced else game.turn
        if start_turn is False:
            break
    else:
        raise Unsupported("could not set up a game with South to move first")
    if DISALLOW_ENDLESS:
        # MancalaGames' "Disallow Endless Sows" (Game menu): a move whose
        # sowing would pass 75 laps is not allowable (multi-lap games
        # without a chosen direction only)
        game.disallow_endless(True)
    if game.info.prescribed == MG.gi.SowPrescribed.ARNGE_LIMIT:
        # as MancalaGames' own simulations do (analysis/play_game.py): no
        # rearranging opening here, so the starter is inhibited
        game.inhibitor.set_on(game.turn)
    return game, notes, forced


def play(path, variant, seed, n, max_plies):
    """One uniform random game; returns a record (a dict)."""
    gi = MG.gi
    stem = path.stem
    move_seed, engine_seed = seeds_for(seed, stem, n, variant)
    rng = random.Random(move_seed)
    game, notes, forced = new_game(path, variant, engine_seed)
    rec = {
        "config": stem, "variant": variant, "name": game.info.name,
        "game_class": type(game).__name__, "holes": game.cts.holes,
        "seed": seed, "game": n, "shape": shape(game),
        "rounds": rounds_kind(game), "notes": notes,
        "moves": [], "raw_moves": [], "positions": [], "mg_states": [], "passes": [],
        "end": None, "result": None,
    }
    plies = 0
    if forced:
        move, pos0, raw0, (rawm, let), _ = forced[0]
        if game.info.start_pattern == gi.StartPattern.MOVE_RIGHTMOST:
            pos0["legal"] = [let]
            rawm["forced"] = "START_PATTERN MOVE_RIGHTMOST: the starter's rightmost hole"
        else:
            rawm["forced"] = "START_PATTERN MOVE_RANDOM: a random opening move, never a repeat turn"
        rec["positions"].append(entry(0, pos0))
        rec["mg_states"].append(raw0)
        rec["moves"].append(let)
        rec["raw_moves"].append(rawm)
        plies = 1
    moves, decoded = legal_moves(game)
    rec["positions"].append(entry(plies, position(game, False, None, decoded)))
    rec["mg_states"].append(raw_state(game))
    if game.info.start_pattern in DRAWN_STARTS and not forced:
        # a drawn start (`seeds drawn …`): the game gives the start it was
        # dealt, as a fixture's `from:` (the board, nothing captured)
        start = rec["positions"][0]
        rec["from"] = {k: start[k] for k in ("to_move", "board", "captured")} | {
            "closed": {"south": [], "north": []}, "round": 1}

    while True:
        if plies >= max_plies:
            rec["end"] = f"move cap ({max_plies} plies)"
            rec["capped"] = True
            break
        if not moves:
            # get_moves offered only a pass: apply it, it is not a move
            if game.get_moves() == [gi.PASS_TOKEN]:
                rec["passes"].append({"after_ply": plies, "player": PLAYERS[int(game.turn)]})
                game.move(gi.PASS_TOKEN)
                if len(rec["passes"]) > 4 and all(p["after_ply"] == plies for p in rec["passes"][-4:]):
                    raise RuntimeError("both players keep passing")
                moves, decoded = legal_moves(game)
                rec["positions"][-1] = entry(plies, position(game, False, None, decoded))
                rec["mg_states"][-1] = raw_state(game)
                continue
            raise RuntimeError("no legal move but the game is not over")
        i = rng.randrange(len(moves))
        move, (rawm, let) = moves[i], decoded[i]
        before = game.state
        game.unscored_board = None
        cond = game.move(move)
        mdata = game.mdata
        if mdata is not None and (mdata.ended == gi.WinCond.ENDLESS or mdata.capt_start == gi.WinCond.ENDLESS):
            game.state = before
            rec["end"] = "ENDLESS: the move sows more than 75 laps; MancalaGames ends the game by its quitter (move dropped)"
            rec["endless"] = True
            break
        plies += 1
        rec["moves"].append(let)
        rec["raw_moves"].append(rawm)
        if cond and cond.is_ended():
            winner, text = outcome(game, cond)
            rec["result"] = winner
            rec["end"] = text
            rec["positions"].append(entry(plies, position(game, True, winner)))
            rec["mg_states"].append(raw_state(game))
            if cond.is_round_over():
                rec["first_round_only"] = True
            break
        if game.info.mustpass and game.test_pass():
            rec["passes"].append({"after_ply": plies, "player": PLAYERS[int(not game.turn)]})
        moves, decoded = legal_moves(game)
        rec["positions"].append(entry(plies, position(game, False, None, decoded)))
        rec["mg_states"].append(raw_state(game))
    rec["plies"] = plies
    reason = plain_reason(game)
    if reason is None and not (all(map(is_plain, rec["moves"]))
                               and all(is_plain(m) for p in rec["positions"] for m in p["legal"])):
        reason = "a move that is not a plain hole of the mover's row"
    rec["plain"] = reason is None
    rec["not_plain_reason"] = reason
    return rec


# --------------------------------------------------------------------------
# Writing


def write_yaml(folder, rec, rules, source_name):
    n, seed = rec["game"], rec["seed"]
    one_round = rec["rounds"]
    head = (f"# MancalaGames `{source_name}` (GameProps/{rec['config']}.txt"
            + (f", variant {rec['variant']}" if rec["variant"] else "")
            + f") game {n}, uniform random play (seed {seed}), ended by: {rec['end']}")
    lines = [head]
    if one_round:
        lines.append("# played in rounds by MancalaGames: only the first round is recorded (one_round)")
    if rec.get("capped") or rec.get("endless"):
        lines.append("# stopped before the end: no result is expected")
    if rec["passes"]:
        plies = ", ".join(str(p["after_ply"]) for p in rec["passes"])
        lines.append(f"# passes applied automatically (not moves) after plies {plies}")
    lines += [
        f"rules: {flow(rules)}",
        "source: " + flow(
            f"independent engine: MancalaGames (StoneShark/MancalaGames {MG.commit[:12]}) "
            f"GameProps/{rec['config']}.txt"
            + (f" variant {rec['variant']}" if rec["variant"] else "")
            + f", tools/mancalagames_fixtures.py --seed {seed}, game {n}"),
    ]
    if one_round:
        lines.append("one_round: true")
    if rec.get("from"):
        lines.append(f"from: {flow(rec['from'])}")
    lines.append("moves: [" + ", ".join(rec["moves"]) + "]")
    if rec["result"]:
        lines.append(f"result: {rec['result']}")
    lines.append("expect:")
    lines += [f"  - {flow(e)}" for e in rec["positions"]]
    (folder / f"random-{n:03}.yaml").write_text("\n".join(lines) + "\n")


def summarize(stem, recs, failures, plain):
    lengths = [r["plies"] for r in recs]
    tally = {}
    for r in recs:
        key = ("cap" if r.get("capped") else "endless" if r.get("endless")
               else "round 1 end" if r.get("first_round_only") else "end")
        tally[key] = tally.get(key, 0) + 1
    return {
        "config": stem, "recorded": len(recs), "failed": len(failures),
        "failures": failures, "plain": plain,
        "mean_plies": round(statistics.mean(lengths), 1) if lengths else None,
        "max_plies": max(lengths) if lengths else None,
        "capped": sum(1 for r in recs if r.get("capped")),
        "endless": sum(1 for r in recs if r.get("endless")),
        "passes": sum(len(r["passes"]) for r in recs),
        "results": {k: sum(1 for r in recs if r["result"] == k) for k in ("south", "north", "draw")},
        "ends": tally,
    }


def run_config(path, args, variant=None, out=None, jsonl=None, rules=None, verbose=True):
    recs, failures = [], []
    try:
        game, notes = build_game(path, variant)
    except Exception as exc:  # the configuration itself does not build
        summ = summarize(path.stem, [], [f"config does not build: {type(exc).__name__}: {exc}"], False)
        summ.update({"not_plain_reason": "does not build", "class": None, "shape": None, "rounds": False})
        return summ, []
    reason = plain_reason(game)
    if out is not None and reason is not None:
        print(f"{path.stem}: not a plain-hole game ({reason}); no YAML written", file=sys.stderr)
    jf = open(jsonl, "w") if jsonl else None
    try:
        for n in range(1, args.games + 1):
            try:
                rec = play(path, variant, args.seed, n, args.max_plies)
            except Exception as exc:
                tb = traceback.extract_tb(exc.__traceback__)[-1]
                failures.append(f"game {n}: {type(exc).__name__}: {str(exc)[:160]} "
                                f"({Path(tb.filename).name}:{tb.lineno})")
                continue
            recs.append(rec)
            if jf:
                jf.write(json.dumps(rec) + "\n")
            if out is not None and rec["plain"]:
                write_yaml(out, rec, rules, rec["name"])
    finally:
        if jf:
            jf.close()
    summ = summarize(path.stem, recs, failures, reason is None)
    summ["not_plain_reason"] = reason
    summ["class"] = type(game).__name__
    summ["shape"] = shape(game)
    summ["rounds"] = rounds_kind(game)
    return summ, recs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="See tools/README.md.")
    ap.add_argument("--checkout", required=True, help="a MancalaGames checkout (git clone https://github.com/StoneShark/MancalaGames)")
    ap.add_argument("--game", help="a configuration: GameProps/<GAME>.txt (file stem, or the game's name)")
    ap.add_argument("--variant", help="a named variant of the configuration")
    ap.add_argument("--rules", help="the rules file written in each fixture, relative to the fixture's folder "
                                    "(default ../../rules/<game>_mancalagames.rules)")
    ap.add_argument("--out", help="folder for the YAML fixtures (its random-*.yaml are replaced)")
    ap.add_argument("--jsonl", help="write the raw games as JSON lines to this file")
    ap.add_argument("--all", action="store_true", help="play every configuration (needs --jsonl-dir)")
    ap.add_argument("--jsonl-dir", help="with --all: one <config>.jsonl per configuration, and _summary.json")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=1000, help="stop a game after this many moves (default 1000)")
    ap.add_argument("--sweep-final", action="store_true",
                    help="write a finished game's final board with the seeds left in open holes moved to each "
                         "row's owner, or to the last mover where `unclaimed` is LAST_MOVER or UNFED_PLAYER, or left "
                         "where they were where it is DONT_SCORE (MancalaGames leaves them when a player holds more "
                         "than half the seeds, and empties the board unscored with DONT_SCORE); games won by "
                         "emptying one's own row (CLEAR) keep their board")
    ap.add_argument("--signed", action="store_true",
                    help="for configurations where the mover chooses a direction (UDIR_HOLES) or the direction "
                         "depends on the hole or its seeds (SPLIT, TOCENTER, EVEN_ODD_DIR), write YAML with "
                         "every move signed by the direction it sows in: `c+` counterclockwise, `c-` clockwise "
                         "(sowspec's `direction chosen`)")
    ap.add_argument("--disallow-endless", action="store_true",
                    help="turn on MancalaGames' 'Disallow Endless Sows': a move needing more than 75 laps "
                         "is not legal (like sowspec's `endless after N laps illegal`)")
    args = ap.parse_args()
    global SWEEP_FINAL, DISALLOW_ENDLESS, SIGNED
    SWEEP_FINAL, DISALLOW_ENDLESS, SIGNED = args.sweep_final, args.disallow_endless, args.signed

    load_mancalagames(args.checkout)

    if args.all:
        if not args.jsonl_dir:
            ap.error("--all needs --jsonl-dir")
        folder = Path(args.jsonl_dir)
        folder.mkdir(parents=True, exist_ok=True)
        summaries = []
        for path in config_files(args.checkout):
            t0 = time.time()
            summ, _ = run_config(path, args, jsonl=folder / f"{path.stem}.jsonl")
            summ["seconds"] = round(time.time() - t0, 1)
            summaries.append(summ)
            why = "" if summ["plain"] else f"  [jsonl only: {summ.get('not_plain_reason')}]"
            fail = f"  FAILED {summ['failed']}: {summ['failures'][0]}" if summ["failures"] else ""
            print(f"{summ['config']:22} recorded {summ['recorded']:3}/{args.games}  "
                  f"mean {summ['mean_plies']} plies  capped {summ['capped']}  endless {summ['endless']}"
                  f"{'  first round only' if summ.get('rounds') else ''}{why}{fail}", flush=True)
        (folder / "_summary.json").write_text(json.dumps(summaries, indent=1) + "\n")
        ok = sum(1 for s in summaries if s["recorded"] == args.games)
        print(f"{len(summaries)} configurations: {ok} recorded every game; "
              f"{sum(1 for s in summaries if s['plain'])} plain-hole (YAML-able); summary in {folder / '_summary.json'}")
        return

    if not args.game:
        ap.error("give --game NAME or --all")
    if not args.out and not args.jsonl:
        ap.error("give --out (YAML fixtures) and/or --jsonl FILE")
    path = find_config(args.checkout, args.game)
    out = None
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("random-*.yaml"):
            old.unlink()
    rules = args.rules or f"../../rules/{path.stem.lower()}_mancalagames.rules"
    summ, recs = run_config(path, args, variant=args.variant, out=out, jsonl=args.jsonl, rules=rules)
    where = []
    if out is not None and summ["plain"]:
        where.append(f"{sum(1 for r in recs if r['plain'])} fixtures in {out}/")
    if args.jsonl:
        where.append(f"{len(recs)} games in {args.jsonl}")
    print(f"{path.stem}: {summ['recorded']}/{args.games} games recorded ({', '.join(where) or 'nothing written'}); "
          f"ends {summ['ends']}, results {summ['results']}, mean {summ['mean_plies']} plies, "
          f"capped {summ['capped']}, endless {summ['endless']}, passes {summ['passes']}")
    if summ["rounds"]:
        print(f"{path.stem}: played in rounds by MancalaGames: only the first round is recorded (one_round: true)")
    for f in summ["failures"]:
        print(f"  failed {f}")


if __name__ == "__main__":
    main()
